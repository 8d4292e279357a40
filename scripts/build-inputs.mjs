// What each build reads, and a digest of its content. A build is current when the digest recorded beside its output
// equals the digest of its inputs now: content, not modification times, so a checkout, a `git stash`, a copied tree
// or a changed workspace package the part imports all count, and touching a file without changing it does not.
// Workspace packages a part imports are found from its package.json, so a new one is covered without a list here.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Folders never read by a build. */
const skippedFolders = new Set(['node_modules', 'dist', 'test', 'release-test', 'coverage']);
/** Test files sit beside sources in the web app; no build reads them. */
const isTestFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** The parts `npm start` builds: where the output lives, what it is made from. */
export const buildParts = {
  web: {
    workspace: 'apps/web',
    own: [
      'src',
      'public',
      'index.html',
      'package.json',
      'tsconfig.json',
      'vite.config.ts',
      'vite-page-chunks.ts',
      'vite-antd-first-render-css.ts',
    ],
  },
  server: {
    workspace: 'apps/server',
    own: ['src', 'build.mjs', 'package.json', 'tsconfig.json'],
  },
};

/** File recording the digest of the inputs of the part's last successful build. */
export const stampFile = (root, name) => path.join(root, buildParts[name].workspace, 'dist', '.build-inputs');

/** Folders of the workspace packages (@service-hall/*) a workspace depends on, from the root's workspaces. */
function workspaceDependencies(root, workspace) {
  const read = (dir) => JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  const byName = new Map((read('.').workspaces ?? []).map((dir) => [read(dir).name, dir]));
  const own = read(workspace);
  return Object.keys({ ...own.dependencies, ...own.devDependencies })
    .filter((dep) => byName.has(dep) && byName.get(dep) !== workspace)
    .map((dep) => byName.get(dep));
}

/** Every input path of a part (files or folders, relative to root); missing ones are skipped when read. */
export function partInputs(root, name) {
  const { workspace, own } = buildParts[name];
  const packages = workspaceDependencies(root, workspace).flatMap((dir) => [`${dir}/src`, `${dir}/package.json`]);
  return [...own.map((p) => `${workspace}/${p}`), ...packages, 'package-lock.json', 'tsconfig.base.json'];
}

/** SHA-256 over the relative path and content of every input file, in a fixed order. */
export function inputsDigest(root, name) {
  const files = [];
  const walk = (rel) => {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) return;
    if (fs.statSync(abs).isDirectory()) {
      for (const entry of fs.readdirSync(abs)) if (!skippedFolders.has(entry)) walk(`${rel}/${entry}`);
    } else if (!isTestFile(rel)) files.push(rel);
  };
  partInputs(root, name).forEach(walk);
  const hash = createHash('sha256');
  for (const rel of files.sort())
    hash
      .update(`${rel}\0`)
      .update(fs.readFileSync(path.join(root, rel)))
      .update('\0');
  return hash.digest('hex');
}

/** Whether the part's sources are present at all: a release bundle ships only the outputs. */
export const hasSources = (root, name) => fs.existsSync(path.join(root, buildParts[name].workspace, 'src'));

/** True when the recorded build was made from exactly today's inputs (or there are no sources to build from). */
export function isBuildCurrent(root, name) {
  if (!hasSources(root, name)) return true;
  const stamp = stampFile(root, name);
  return fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === inputsDigest(root, name);
}

/** Records that the part's output was just built from today's inputs; the build scripts call it last. */
export function recordBuild(root, name) {
  fs.writeFileSync(stampFile(root, name), `${inputsDigest(root, name)}\n`);
}

// `node scripts/build-inputs.mjs record <part>`: the last step of a part's build script.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const [command, name] = process.argv.slice(2);
  if (command !== 'record' || !(name in buildParts)) {
    console.error('usage: node scripts/build-inputs.mjs record <web|server>');
    process.exit(2);
  }
  recordBuild(path.resolve(import.meta.dirname, '..'), name);
}
