/**
 * `npx tsx bench/src/page/bundle-report.ts [--dist bench/data/web/dist-analysis] [--chunks index,phone,desktop-app] [--top 15]
 *   [--rows 12] [--no-build]`
 * What the web app's chunks are made of. Builds the web app with source maps into `--dist` (unless `--no-build`),
 * then prints every chunk's gzipped size and, for the chunks named in `--chunks` (prefixes of file names), the
 * source bytes per npm package or app folder. The page benchmark says which chunks a page loads; this says why.
 * It also prints the first load of /workflow/index for each layout as the static closure of the page the server sends
 * it (index.html; a phone gets the phone build's phone.html, on Preact), the sign-in module, the layout and the home page
 * in the build manifest (gzip of each JS/CSS file, as the page benchmark counts;
 * within 1 % of what Chromium fetched when checked) and brotli (quality 11, as the build's `.br` files that the server
 * sends; the targets are ≤ 200 KB desktop, ≤ 120 KB phone), and the chain of imports that pulls each large
 * chunk in.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { eachMapping, TraceMap } from '@jridgewell/trace-mapping';

import { parseArgs } from '../lib/args.ts';
import { REPO_ROOT } from '../lib/server-process.ts';

const args = parseArgs(process.argv.slice(2));
const dist = path.resolve(REPO_ROOT, args.get('dist') ?? 'bench/data/web/dist-analysis');
const wanted = (args.get('chunks') ?? 'index,phone').split(',');
const top = Number(args.get('top') ?? 15);
const rowsShown = Number(args.get('rows') ?? 12);

if (!args.has('no-build')) {
  const vite = (extra: string[]) =>
    execFileSync(
      process.execPath,
      [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--sourcemap', ...extra],
      { cwd: path.join(REPO_ROOT, 'apps/web'), stdio: ['ignore', 'ignore', 'inherit'] },
    );
  // As `npm run build`: the main build (index.html, React), then the phone build (phone.html, Preact) beside it.
  vite(['--emptyOutDir', '--manifest']);
  vite(['--mode', 'phone', '--manifest', '.vite/phone-manifest.json']);
}
const assets = path.join(dist, 'assets');
const files = fs.readdirSync(assets).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
const sized = files
  .map((f) => ({ f, gz: gzipSync(fs.readFileSync(path.join(assets, f))).length }))
  .sort((a, b) => b.gz - a.gz);
console.log('largest chunks, gzipped KB');
for (const { f, gz } of sized.slice(0, 30)) console.log(`${(gz / 1024).toFixed(1).padStart(7)}  ${f}`);

for (const { f } of sized.filter(({ f }) => f.endsWith('.js') && wanted.some((w) => f.startsWith(`${w}-`)))) {
  const code = fs.readFileSync(path.join(assets, f), 'utf8');
  const mapFile = path.join(assets, `${f}.map`);
  if (!fs.existsSync(mapFile)) continue;
  const map = new TraceMap(fs.readFileSync(mapFile, 'utf8'));
  // Bytes of generated code attributed to each source: from one mapping to the next on the same line.
  const lines = code.split('\n');
  const bySource = new Map<string, number>();
  let prev: { line: number; column: number; source: string | null } | null = null;
  const credit = (end: { line: number; column: number } | null) => {
    if (!prev?.source) return;
    const text = lines[prev.line - 1] ?? '';
    const stop = end && end.line === prev.line ? end.column : text.length;
    bySource.set(prev.source, (bySource.get(prev.source) ?? 0) + Math.max(0, stop - prev.column));
  };
  eachMapping(map, (m) => {
    credit({ line: m.generatedLine, column: m.generatedColumn });
    prev = { line: m.generatedLine, column: m.generatedColumn, source: m.source };
  });
  credit(null);
  const byGroup = new Map<string, number>();
  for (const [source, bytes] of bySource) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
    const group =
      pkg ??
      source
        .replace(/^.*apps\/web\/src\//, 'src/')
        .split('/')
        .slice(0, 3)
        .join('/');
    byGroup.set(group, (byGroup.get(group) ?? 0) + bytes);
  }
  const total = [...byGroup.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${f}: ${(code.length / 1024).toFixed(0)} KB raw; source bytes by package/folder`);
  for (const [g, b] of [...byGroup].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${(b / 1024).toFixed(1).padStart(7)} KB ${((b / total) * 100).toFixed(0).padStart(3)} %  ${g}`);
  }
}

// First load of /workflow/index per layout (and of the to-do on both), from the manifest.
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
const manifestFile = path.join(dist, '.vite', 'manifest.json');
const phoneManifestFile = path.join(dist, '.vite', 'phone-manifest.json');
if (fs.existsSync(manifestFile)) {
  const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const main = read(manifestFile);
  // A phone is sent phone.html (the phone build) when the build has one (apps/server spa-routes.ts), else index.html.
  const phone = fs.existsSync(phoneManifestFile)
    ? { manifest: read(phoneManifestFile), page: 'phone.html' }
    : { manifest: main, page: 'index.html' };
  const screens = [
    {
      layout: 'desktop',
      manifest: main,
      page: 'index.html',
      url: '/workflow/index',
      entries: ['src/layouts/desktop/desktop-app.tsx', 'src/features/apps/desktop/index-page.tsx'],
    },
    {
      layout: 'mobile',
      ...phone,
      url: '/workflow/index',
      entries: ['src/layouts/mobile/mobile-app.tsx', 'src/features/apps/mobile/index-page.tsx'],
    },
    // Not budgets: the pages of the "5,000-task to-do" target; their file counts are what HTTP/1.1 queues.
    {
      layout: 'desktop',
      manifest: main,
      page: 'index.html',
      url: '/workflow/todo',
      entries: ['src/layouts/desktop/desktop-app.tsx', 'src/features/todo/desktop/todo-page.tsx'],
    },
    {
      layout: 'mobile',
      ...phone,
      url: '/workflow/todo',
      entries: ['src/layouts/mobile/mobile-app.tsx', 'src/features/todo/mobile/todo-page.tsx'],
    },
  ];
  for (const { layout, manifest, page, url, entries } of screens) {
    const parent = new Map<string, string | null>();
    const visit = (key: string, from: string | null) => {
      if (parent.has(key) || !manifest[key]) return;
      parent.set(key, from);
      for (const i of manifest[key]!.imports ?? []) visit(i, key);
    };
    // A module merged into a named chunk (apps/web/vite-page-chunks.ts) has no manifest entry of its own: find the
    // chunk whose source map lists it.
    const holder = (key: string) =>
      manifest[key]
        ? key
        : (Object.keys(manifest).find((k) => {
            const map = path.join(dist, `${manifest[k]!.file}.map`);
            return (
              map.endsWith('.js.map') &&
              fs.existsSync(map) &&
              (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources.some((s) =>
                s.endsWith(`apps/web/${key}`),
              )
            );
          }) ?? key);
    // The code flow's module is in the entry since oidc-client-ts went lazy; older builds had it as a chunk.
    for (const e of [page, 'src/app/auth/code-flow.ts', ...entries]) visit(holder(e), null);
    const files = new Map<string, string>();
    for (const key of parent.keys()) {
      files.set(manifest[key]!.file, key);
      for (const css of manifest[key]!.css ?? []) files.set(css, key);
    }
    const rows = [...files]
      .map(([file, key]) => {
        const bytes = fs.readFileSync(path.join(dist, file));
        // The build precompresses files of 1 KB and more; smaller ones go out as they are.
        const br =
          bytes.length < 1024
            ? bytes.length
            : brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
        return { file, key, gz: gzipSync(bytes).length, br };
      })
      .sort((a, b) => b.gz - a.gz);
    const total = rows.reduce((n, r) => n + r.gz, 0);
    const brTotal = rows.reduce((n, r) => n + r.br, 0);
    console.log(
      `\n${layout} first load of ${url}: ${(total / 1024).toFixed(1)} KB gzipped, ${(brTotal / 1024).toFixed(1)} KB brotli in ${rows.length} files (+ ${page})`,
    );
    for (const r of rows.slice(0, rowsShown)) {
      const chain: string[] = [];
      for (let k: string | null | undefined = parent.get(r.key); k; k = parent.get(k))
        chain.push(path.basename(manifest[k]!.file));
      console.log(
        `${(r.gz / 1024).toFixed(1).padStart(7)}  ${path.basename(r.file)}${chain.length ? `  ← ${chain.join(' ← ')}` : ''}`,
      );
    }
  }
}
