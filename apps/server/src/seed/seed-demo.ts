import type { AppContext } from '../platform/context.ts';
import { seedPeople } from './demo-people.ts';

/**
 * Seeds the demo university. Idempotent: every part inserts only what is missing, so it runs at each start.
 * Parts are added by the modules that own the data (catalogue, guides, templates, processes).
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  await seedPeople(ctx.db, now);
}
