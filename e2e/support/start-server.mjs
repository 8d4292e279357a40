// Starts one server for the end-to-end run on a fresh SQLite file, exactly as `npm start` serves it (the compiled
// server and the production build of `npm run build`, NODE_ENV=production), on the port given as the first argument. The server's own settings come from
// e2e/support/servers.ts (e.g. TASK_API for the task-API server). WEB_DIST in the environment points the servers
// at a private copy of the build, so someone rebuilding apps/web/dist during a run on a shared machine does not
// break the pages under test.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const [port, name] = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, '..', '..');
const dataDir = path.join(root, 'e2e', '.data');
fs.mkdirSync(dataDir, { recursive: true });
const file = path.join(dataDir, `${name}-${port}.sqlite`);
for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });

const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps', 'server', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: port,
    PUBLIC_URL: `http://localhost:${port}`,
    DATABASE_URL: `sqlite:${file}`,
    SEED: 'demo',
    // The specs start hundreds of processes as one demo student within minutes; the per-person start quota
    // (START_QUOTA, docs/operations.md) would refuse them. The quota itself is tested by the API suite.
    START_QUOTA: 'off',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
