// @vitest-environment node
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { expect, test } from 'vitest';
import { desktopIdleLoads } from './vite.config.ts';

/**
 * The main build as `npm run build` makes it (vite.config.ts with its chunk plan, vite-page-chunks.ts), unwritten.
 * Issue 17: the desktop to-do needed ~110 files, which HTTP/1.1's six connections fetch in turns, and its data
 * waited behind them.
 */
test('the desktop to-do loads in few chunks, its data module waits for none of them, and the home page gains nothing', async () => {
  const output = await build({ configFile: path.join(import.meta.dirname, 'vite.config.ts'), root: import.meta.dirname, logLevel: 'silent', build: { write: false } });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : []))
    .filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const holding = (module: string) => {
    const id = path.join(import.meta.dirname, module);
    const chunk = chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`no chunk holds ${module}`);
    return chunk;
  };
  // What the browser must fetch before a module runs: its chunk and every chunk that statically imports on from it.
  const closure = (...modules: string[]) => {
    const seen = new Set<string>();
    const visit = (c: Rolldown.OutputChunk) => {
      if (seen.has(c.fileName)) return;
      seen.add(c.fileName);
      for (const f of c.imports) visit(byFile.get(f)!);
    };
    for (const m of modules) visit(holding(m));
    return [...seen];
  };
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
