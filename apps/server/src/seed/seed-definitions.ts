import { builtinDefinitions } from '@service-hall/engine';

import type { Db } from '../db/database.ts';
import { saveTemplate } from '../modules/definitions/definitions-repository.ts';

/** Stores the engine's built-in definitions (its JSON files); as template versions: a code gets a new version only when its JSON changed and nobody has published their own. */
export async function seedDefinitions(db: Db, now: number): Promise<void> {
  for (const def of builtinDefinitions) await saveTemplate(db, def, now);
}
