#!/usr/bin/env node
// `npm run package`: the release bundle release/service-hall-<version>.tgz. It holds the
// compiled server (workspace packages compiled into it), the built SPA, the server's static files, a package.json
// naming only the server's production dependencies and a lockfile pinning them to the versions of the repository's
// lockfile. Install and start it with `npm ci --omit=dev && npm start` (docs/operations.md).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(import.meta.dirname, '..');
const rootPackage = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const serverPackage = JSON.parse(fs.readFileSync(path.join(root, 'apps', 'server', 'package.json'), 'utf8'));
const name = `service-hall-${rootPackage.version}`;
const releaseDir = path.join(root, 'release');
const stage = path.join(releaseDir, name);
const tarball = path.join(releaseDir, `${name}.tgz`);

// `npm run package` has just built everything; `npm run test:release` after the end-to-end run reuses that build.
buildIfNeeded(['web', 'server']);

fs.rmSync(stage, { recursive: true, force: true });
fs.rmSync(tarball, { force: true });
const copy = (from, to = from) => fs.cpSync(path.join(root, from), path.join(stage, to), { recursive: true });
copy('apps/server/dist');
copy('apps/server/static');
copy('apps/web/dist');
copy('README.md');
copy('docs/operations.md');
copy('deploy/service-hall.service');
copy('deploy/service-hall.env.example');

const writeJson = (file, value) => fs.writeFileSync(path.join(stage, file), `${JSON.stringify(value, null, 2)}\n`);
// The server workspace without its build-time parts: workspace packages are compiled into dist/.
const dependencies = Object.fromEntries(
  Object.entries(serverPackage.dependencies).filter(([dep]) => !dep.startsWith('@service-hall/')),
);
writeJson('apps/server/package.json', {
  name: serverPackage.name,
  version: serverPackage.version,
  private: true,
  type: 'module',
  dependencies,
});
const start = 'NODE_ENV=production exec node --enable-source-maps apps/server/dist/main.js';
writeJson('package.json', {
  name: rootPackage.name,
  version: rootPackage.version,
  private: true,
  description: rootPackage.description,
  type: 'module',
  engines: rootPackage.engines,
  workspaces: ['apps/server'],
  allowScripts: rootPackage.allowScripts,
  scripts: {
    start,
    'start:prod': start,
    migrate: 'exec node --enable-source-maps apps/server/dist/migrate.js',
    admin: 'exec node --enable-source-maps apps/server/dist/admin.js',
  },
});
// The repository's lockfile, pruned by npm to what this package.json needs: the same versions, nothing else.
fs.copyFileSync(path.join(root, 'package-lock.json'), path.join(stage, 'package-lock.json'));
execFileSync(
  'npm',
  [
    'install',
    '--package-lock-only',
    '--ignore-scripts',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
  ],
  { cwd: stage, stdio: ['ignore', 'ignore', 'inherit'] },
);

execFileSync('tar', ['-czf', tarball, '-C', releaseDir, name]);
fs.rmSync(stage, { recursive: true, force: true });
const kib = Math.round(fs.statSync(tarball).size / 1024);
console.log(`release bundle: ${path.relative(process.cwd(), tarball)} (${kib} KiB)`);
