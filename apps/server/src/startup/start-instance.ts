import { buildApp, type BuildOptions, type BuiltApp } from '../app.ts';
import type { Config } from '../config.ts';
import { seedAtStart } from '../seed/seed-at-start.ts';
import { bootstrapAdmins } from './bootstrap-admins.ts';
import { warnAboutDemoAccounts } from './demo-accounts-warning.ts';
import { withStartupLock } from './startup-lock.ts';

/**
 * Everything an instance does before it listens: open and migrate the database (buildApp; refused when the database
 * is newer than the code), then — under the start-up lock, so instances starting together on one database do it
 * once — store the built-in flows (also with SEED=none), seed the demo university when SEED=demo and bootstrap
 * the administrators from the environment; finally warn loudly if demo accounts are active.
 */
export async function startInstance(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const built = await buildApp(config, options);
  try {
    await withStartupLock(built.ctx.db, built.ctx.dialect, async () => {
      await seedAtStart(built.ctx, config.seed);
      await bootstrapAdmins(built.ctx, built.app.log);
    });
    await warnAboutDemoAccounts(built.ctx, built.app.log);
  } catch (e) {
    await built.close();
    throw e;
  }
  return built;
}
