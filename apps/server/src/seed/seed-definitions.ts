import { builtinDefinitions } from '@service-hall/engine';
import type { Db } from '../db/database.ts';
import { saveDefinition } from '../modules/definitions/definitions-repository.ts';

/** Stores the engine's built-in definitions (its JSON files); a definition gets a new version only when its JSON changed. */
export async function seedDefinitions(db: Db, now: number): Promise<void> {
  for (const def of builtinDefinitions) await saveDefinition(db, def, now);
}
