import type { AppContext } from '../platform/context.ts';
import { seedCatalogue } from './demo-catalogue.ts';
import { seedGuides } from './demo-guides.ts';
import { seedPeople } from './demo-people.ts';
import { seedTemplates } from './demo-templates.ts';
import { seedDefinitions } from './seed-definitions.ts';
import { seedProcesses } from './seed-processes.ts';

/**
 * Seeds the demo university. Idempotent: every part inserts only what is missing, so it runs at each start.
 * Parts are added by the modules that own the data (catalogue, guides, templates, processes).
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  await seedPeople(ctx.db, now);
  await seedCatalogue(ctx.db, now);
  await seedGuides(ctx.db, now);
  await seedTemplates(ctx.db);
  await seedDefinitions(ctx.db, now);
  await seedProcesses(ctx);
}
