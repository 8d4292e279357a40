import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';

/** Set while the plan's own build runs, so that build neither plans again nor compresses. */
export const PLANNING = 'SERVICE_HALL_CHUNK_PLAN';

/**
 * One step of the plan: the chunks `roots` need (with every chunk those import) that no earlier step took, either
 * merged into one chunk called `name`, or, with `name: null`, left as the bundler split them. With `sharedWith`, only
 * the chunks that each of its groups needs too: every page in those groups loads all of the merged chunk anyway.
 */
export interface PageChunk {
  /** The merged chunk's name (its file is `<name>-<hash>.js`), or null to keep these chunks apart. */
  name: string | null;
  /** Modules, relative to the web app. */
  roots: string[];
  /** Groups of modules, relative to the web app: take only the chunks that `roots` and every group need. */
  sharedWith?: string[][];
}

interface Spec {
  /** This config file, built again (unwritten) to learn how the bundler splits the app by itself. */
  configFile: string;
  /** The web app's folder; roots are relative to it. */
  root: string;
  /** The steps, in order; the entry's own chunks are always taken first (see `entryShared`). */
  chunks: PageChunk[];
  /**
   * A name to merge every chunk the entry imports statically into one chunk of that name: every page loads all of
   * them first anyway, so no page gains a byte. Without it they are kept as the bundler split them.
   */
  entryShared?: string;
}

/**
 * Fewer, larger chunks for the pages named in `spec.chunks`, without adding a byte to the pages kept apart.
 *
 * Left to itself the bundler gives every set of pages that share code its own chunk: with antd's components shared in
 * many combinations, the desktop to-do needed ~110 files. Over HTTP/1.1's six connections per host they download
 * in turns, and the list's own request waits behind them (docs/adr/0040-desktop-layout-and-work-lists-in-one-chunk-each.md).
 *
 * The plan is made from the bundler's own split: this plugin first builds the app unwritten, then, for each page
 * chunk, takes every chunk the named modules need (statically) that no first screen needs, and gives the real build
 * one group per page chunk holding exactly those chunks' modules. Chunks are merged whole, after tree-shaking, so a
 * first screen's closure is untouched: its chunks import nothing from a page chunk, and a page chunk imports only
 * first-screen chunks, its own modules, or chunks that it does not import back — the merge adds no cycle, which is
 * why the groups need not pull in their dependencies (`includeDependenciesRecursively: false`; with it, they
 * pulled first-screen modules into the page chunk and the entry then loaded it).
 */
export function pageChunks(spec: Spec): Plugin {
  return {
    name: 'service-hall-page-chunks',
    apply: (_config, env) => env.command === 'build' && !process.env[PLANNING],
    async config(_config, env) {
      process.env[PLANNING] = '1';
      let chunks;
      try {
        chunks = await unwrittenChunks(spec.configFile, spec.root, env.mode);
      } finally {
        delete process.env[PLANNING];
      }
      const members = planGroups(chunks, spec);
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                includeDependenciesRecursively: false,
                groups: [...members].map(([name, ids], i) => ({
                  name,
                  priority: members.size - i,
                  test: (id: string) => ids.has(id),
                })),
              },
            },
          },
        },
      };
    },
  };
}

/** The chunks a build of the config would write, without writing them. */
export async function unwrittenChunks(
  configFile: string,
  root: string,
  mode?: string,
): Promise<Rolldown.OutputChunk[]> {
  const output = await build({ configFile, root, mode, logLevel: 'silent', build: { write: false } });
  return (Array.isArray(output) ? output : [output])
    .flatMap((o) => ('output' in o ? o.output : []))
    .filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
}

/**
 * What the browser must fetch before the modules (ids) run: the file names of the chunks holding them and of every
 * chunk those import statically, on and on.
 */
export function staticClosure(chunks: Rolldown.OutputChunk[], ids: string[]): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (c: Rolldown.OutputChunk) => {
    if (seen.has(c.fileName)) return;
    seen.add(c.fileName);
    for (const f of c.imports) if (byFile.has(f)) visit(byFile.get(f)!);
  };
  for (const id of ids) {
    const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`page chunks: no chunk holds ${id}`);
    visit(chunk);
  }
  return seen;
}

/** Module ids of each page chunk, from the chunks of an unwritten build. */
export function planGroups(
  chunks: Rolldown.OutputChunk[],
  spec: Pick<Spec, 'root' | 'chunks' | 'entryShared'>,
): Map<string, Set<string>> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entries = chunks.filter((c) => c.isEntry);
  const claimed = staticClosure(chunks, entries.map((c) => c.facadeModuleId!).filter(Boolean));
  const members = new Map<string, Set<string>>();
  const modules = (files: string[]) => new Set(files.flatMap((f) => byFile.get(f)!.moduleIds));
  if (spec.entryShared)
    members.set(spec.entryShared, modules([...claimed].filter((f) => !entries.some((e) => e.fileName === f))));
  const closure = (roots: string[]) =>
    staticClosure(
      chunks,
      roots.map((r) => path.join(spec.root, r)),
    );
  for (const c of spec.chunks) {
    const shared = (c.sharedWith ?? []).map(closure);
    const files = [...closure(c.roots)].filter((f) => !claimed.has(f) && shared.every((s) => s.has(f)));
    for (const f of files) claimed.add(f);
    if (c.name !== null) members.set(c.name, modules(files));
  }
  return members;
}
