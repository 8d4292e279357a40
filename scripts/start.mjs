#!/usr/bin/env node
// `npm start`: build the SPA when its sources are newer than the last build, then serve the production build and
// the API on one port. Environment variables are passed through (README "Configuration").
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps', 'web');
const builtIndex = path.join(web, 'dist', 'index.html');

/** Newest modification time under the given paths (files and folders, recursively). */
function newest(paths) {
  let latest = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(p)) walk(path.join(p, entry));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach(walk);
  return latest;
}

const sources = [
  path.join(web, 'src'), path.join(web, 'public'), path.join(web, 'index.html'), path.join(web, 'vite.config.ts'),
  path.join(root, 'packages', 'contracts', 'src'),
];
const needsBuild = !fs.existsSync(builtIndex) || newest(sources) > fs.statSync(builtIndex).mtimeMs;
if (needsBuild) {
  console.log('Building the web app (first start or changed sources)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps', 'server', 'src', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
