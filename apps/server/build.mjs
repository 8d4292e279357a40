#!/usr/bin/env node
// Compiles the server to JavaScript (dist/): one ES module per entry point plus shared chunks, for plain `node`.
// Workspace packages (@service-hall/contracts, @service-hall/engine) are TypeScript sources: they are compiled
// into the bundle. Every npm dependency stays an import, installed by `npm ci --omit=dev` (docs/adr/0001-stack-versions-compiled-server-and-release-bundle.md).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = import.meta.dirname;
const outdir = path.join(serverRoot, 'dist');

/** Bare imports of npm packages stay external; workspace packages and relative imports are bundled. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@service-hall/') || args.kind === 'entry-point') return undefined;
      return { path: args.path, external: true };
    });
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts', migrate: 'src/migrate-cli.ts', admin: 'src/cli/admin-cli.ts' },
  absWorkingDir: serverRoot,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [externalDependencies],
  logLevel: 'warning',
});
console.log(`server compiled to ${path.relative(process.cwd(), outdir) || '.'}`);
