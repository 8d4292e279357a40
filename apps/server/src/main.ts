import { ConfigError, loadConfig } from './config.ts';
import { DatabaseNewerError } from './db/database.ts';
import { stopOnSignals } from './startup/graceful-stop.ts';
import { startInstance } from './startup/start-instance.ts';

/**
 * Entry point of the server (`node apps/server/dist/main.js`, `npm run start:prod`, `npm start`, the container and
 * the systemd unit). A bad setting or a database newer than the code stops start-up with one clear line and exit
 * code 1.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) fail(e.message);
    throw e;
  }
  const built = await startInstance(config);
  stopOnSignals(built);
  await built.app.listen({ port: config.port, host: config.host });
  built.app.log.info(`Service Hall is running at ${config.publicUrl}${config.basePath}`);
}

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

main().catch((err: unknown) => {
  if (err instanceof DatabaseNewerError) fail(err.message);
  fail(`Service Hall failed to start: ${err instanceof Error ? err.message : String(err)}`);
});
