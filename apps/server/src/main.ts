import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { seedAtStart } from './seed/seed-at-start.ts';

/** Entry point of `npm start`: a bad setting stops start-up with one clear line and exit code 1. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  const built = await buildApp(config);
  // buildApp has migrated the database; the seed is idempotent, so it runs at every start.
  await seedAtStart(built.ctx, config.seed);
  const stop = async (signal: string) => {
    built.app.log.info({ signal }, 'shutting down');
    await built.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await built.app.listen({ port: config.port, host: config.host });
  built.app.log.info(`Service Hall is running at ${config.publicUrl}${config.basePath}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`Service Hall failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
