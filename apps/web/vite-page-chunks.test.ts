// @vitest-environment node
import path from 'node:path';
import { expect, test } from 'vitest';
import { desktopIdleLoads } from './vite.config.ts';
import { staticClosure, unwrittenChunks } from './vite-page-chunks.ts';

/**
 * The main build as `npm run build` makes it (vite.config.ts with its chunk plan, vite-page-chunks.ts), unwritten.
 * Issue 17: the desktop to-do needed ~110 files, which HTTP/1.1's six connections fetch in turns, and its data
 * waited behind them.
 */
test('the desktop to-do loads in few chunks, its data module waits for none of them, and the home page gains nothing', async () => {
  const chunks = await unwrittenChunks(path.join(import.meta.dirname, 'vite.config.ts'), import.meta.dirname);
  const closure = (...modules: string[]) => [...staticClosure(chunks, modules.map((m) => path.join(import.meta.dirname, m)))];
  const workLists = chunks.find((c) => c.name === 'work-lists')!;
  expect(workLists.moduleIds.some((id) => id.endsWith('features/todo/desktop/todo-page.tsx'))).toBe(true);

  const todo = closure('src/main.tsx', 'src/layouts/desktop/desktop-app.tsx', 'src/features/todo/desktop/todo-page.tsx');
  expect(todo.length).toBeLessThanOrEqual(50);
  // The list's request leaves at boot (app/route-data.ts): its module must not wait for the page's own chunk.
  expect(closure('src/app/prefetch-todo.ts')).not.toContain(workLists.fileName);
  // The home page (a first-load budget) loads nothing of the work lists, neither first nor once idle.
  expect(closure('src/main.tsx', 'src/layouts/desktop/desktop-app.tsx', 'src/features/apps/desktop/index-page.tsx')).not.toContain(workLists.fileName);
  for (const idle of desktopIdleLoads) expect(closure(idle), idle).not.toContain(workLists.fileName);
}, 120_000);
