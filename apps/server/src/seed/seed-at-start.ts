import type { AppContext } from '../platform/context.ts';
import { seedDefinitions } from './seed-definitions.ts';
import { seedDemo } from './seed-demo.ts';

/**
 * What every start stores: the built-in flows (JSON templates of packages/engine), also with SEED=none, so an
 * empty installation has them to start from; with SEED=demo, the demo university too. Both are idempotent.
 */
export async function seedAtStart(ctx: AppContext, seed: 'demo' | 'none'): Promise<void> {
  await seedDefinitions(ctx.db, ctx.now());
  if (seed === 'demo') await seedDemo(ctx);
}
