// Builds the SPA and the server when their sources are newer than the last build (`npm start`, `npm run migrate`
// from a clone). A release bundle has no sources: nothing is ever rebuilt there.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps', 'web');
const server = path.join(root, 'apps', 'server');
const packages = ['contracts', 'engine'].map((p) => path.join(root, 'packages', p, 'src'));

/** Newest modification time under the given paths (files and folders, recursively); 0 when none exists. */
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

const parts = {
  web: {
    // The phone build (phone.html) is written after index.html's: the later of the two.
    output: path.join(web, 'dist', 'phone.html'),
    sources: [path.join(web, 'src'), path.join(web, 'public'), path.join(web, 'index.html'),
      path.join(web, 'vite.config.ts'), path.join(web, 'vite-page-chunks.ts'), path.join(web, 'vite-antd-first-render-css.ts'), packages[0]],
  },
  server: {
    output: path.join(server, 'dist', 'main.js'),
    sources: [path.join(server, 'src'), path.join(server, 'build.mjs'), ...packages],
  },
};

/** Builds each named part ('web', 'server') that is missing or older than its sources; exits on a failed build. */
export function buildIfNeeded(names) {
  for (const name of names) {
    const { output, sources } = parts[name];
    if (fs.existsSync(output) && newest(sources) <= fs.statSync(output).mtimeMs) continue;
    if (!fs.existsSync(path.join(root, 'node_modules', '.bin', name === 'web' ? 'vite' : 'esbuild'))) {
      console.error(`The ${name} build is missing or out of date and the build tools are not installed (npm ci --omit=dev?). `
        + 'Run npm ci and npm run build, or use a release bundle (npm run package).');
      process.exit(1);
    }
    console.log(`Building the ${name === 'web' ? 'web app' : 'server'} (first start or changed sources)…`);
    const result = spawnSync('npm', ['run', 'build', '-w', `apps/${name}`], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
