// @vitest-environment node
import path from 'node:path';
import { expect, test } from 'vitest';

import { staticClosure, unwrittenChunks } from './vite-page-chunks.ts';
import { desktopLaterLoads, mobileLaterLoads } from './vite.config.ts';

/**
 * The builds as `npm run build` makes them (vite.config.ts with its chunk plans, vite-page-chunks.ts), unwritten.
 * the desktop to-do needed ~110 files and the phone's ~90, which HTTP/1.1's six connections fetch in
 * turns, and the list's data waited behind them.
 */
async function build(mode: string, workListsName: string) {
  const chunks = await unwrittenChunks(path.join(import.meta.dirname, 'vite.config.ts'), import.meta.dirname, mode);
  const closure = (...modules: string[]) => [
    ...staticClosure(
      chunks,
      modules.map((m) => path.join(import.meta.dirname, m)),
    ),
  ];
  const workLists = chunks.find((c) => c.name === workListsName)!;
  return { chunks, closure, workLists };
}

test('the desktop to-do loads in few chunks, its data module waits for none of them, and the home page gains nothing', async () => {
  const { chunks, closure, workLists } = await build('production', 'work-lists');
  expect(workLists.moduleIds.some((id) => id.endsWith('features/todo/desktop/todo-page.tsx'))).toBe(true);

  // Every page first loads the entry and what it imports: one chunk besides the entry and the bundler's runtime.
  expect(closure('src/main.tsx').length).toBeLessThanOrEqual(3);
  const todo = closure(
    'src/main.tsx',
    'src/layouts/desktop/desktop-app.tsx',
    'src/features/todo/desktop/todo-page.tsx',
  );
  expect(todo.length).toBeLessThanOrEqual(24);
  // The list's request leaves at boot (app/route-data.ts): its module must not wait for the page's own chunk.
  expect(closure('src/app/prefetch-todo.ts')).not.toContain(workLists.fileName);
  // The home pages (a first-load budget) load nothing of the work lists first, nor the chunk of antd's parts the lists
  // share with what loads once idle; not the lists' own chunk once idle or for an empty state either.
  const listsAntd = chunks.find((c) => c.name === 'work-lists-antd')!;
  for (const home of ['index-page.tsx', 'home-page.tsx']) {
    const first = closure('src/main.tsx', 'src/layouts/desktop/desktop-app.tsx', `src/features/apps/desktop/${home}`);
    expect(first, home).not.toContain(workLists.fileName);
    expect(first, home).not.toContain(listsAntd.fileName);
  }
  for (const later of desktopLaterLoads) expect(closure(later), later).not.toContain(workLists.fileName);
}, 120_000);

test('the phone to-do loads in few chunks, its data module waits for none of them, and the phone home gains nothing', async () => {
  const { closure, workLists } = await build('phone', 'phone-work-lists');
  expect(workLists.moduleIds.some((id) => id.endsWith('features/todo/mobile/todo-page.tsx'))).toBe(true);

  const todo = closure('src/main.tsx', 'src/layouts/mobile/mobile-app.tsx', 'src/features/todo/mobile/todo-page.tsx');
  expect(closure('src/main.tsx').length).toBeLessThanOrEqual(3);
  expect(todo.length).toBeLessThanOrEqual(42);
  expect(closure('src/app/prefetch-todo.ts')).not.toContain(workLists.fileName);
  const home = closure('src/main.tsx', 'src/layouts/mobile/mobile-app.tsx', 'src/features/apps/mobile/index-page.tsx');
  expect(home).not.toContain(workLists.fileName);
  expect(home.length).toBeLessThanOrEqual(20);
  for (const later of mobileLaterLoads) expect(closure(later), later).not.toContain(workLists.fileName);
}, 120_000);
