// Builds the SPA and the server when what they are built from differs from what their last build was made from
// (`npm start`, `npm run migrate` from a clone; scripts/build-inputs.mjs says what that is). A release bundle has no
// sources: nothing is ever rebuilt there.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { isBuildCurrent } from './build-inputs.mjs';

export const root = path.resolve(import.meta.dirname, '..');

/** Builds each named part ('web', 'server') that is missing or not made from today's inputs; exits on a failed build. */
export function buildIfNeeded(names) {
  for (const name of names) {
    if (isBuildCurrent(root, name)) continue;
    if (!fs.existsSync(path.join(root, 'node_modules', '.bin', name === 'web' ? 'vite' : 'esbuild'))) {
      console.error(
        `The ${name} build is missing or out of date and the build tools are not installed (npm ci --omit=dev?). ` +
          'Run npm ci and npm run build, or use a release bundle (npm run package).',
      );
      process.exit(1);
    }
    console.log(`Building the ${name === 'web' ? 'web app' : 'server'} (first start or changed inputs)…`);
    const result = spawnSync('npm', ['run', 'build', '-w', `apps/${name}`], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
