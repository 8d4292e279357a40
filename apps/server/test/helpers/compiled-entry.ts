import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Compiles one server entry point (e.g. src/cli/admin-cli.ts) the way build.mjs compiles dist/: one ES module,
 * workspace packages bundled, npm dependencies left as imports. Tests that run a command many times start
 * `node <file>` as `npm run admin` does (it runs the compiled dist/admin.js), instead of `node --import tsx`,
 * which compiles the sources again in every child (about a second of CPU each; 26 runs made admin-cli.test.ts
 * the suite's slowest file). The folder sits in apps/server so the imports resolve to its node_modules, and has
 * a random name so parallel test files never share it; remove() deletes it.
 */
export async function compileEntry(entry: string): Promise<{ file: string; remove: () => void }> {
  const outdir = path.join(serverRoot, `.test-build-${randomBytes(4).toString('hex')}`);
  await build({
    entryPoints: { entry: path.join(serverRoot, entry) },
    absWorkingDir: serverRoot,
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-dependencies',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('@service-hall/') || args.kind === 'entry-point') return undefined;
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return { file: path.join(outdir, 'entry.js'), remove: () => fs.rmSync(outdir, { recursive: true, force: true }) };
}
