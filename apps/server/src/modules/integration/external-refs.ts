import type { Db } from '../../db/database.ts';
import { AppError, forbidden, invalid } from '../../platform/app-error.ts';
import { findUser, type UserRow } from '../users/users-repository.ts';
import { integrationMessages as M } from './integration-messages.ts';
import type { CallingSystem } from './integration-policy.ts';

/** A user named by account or id in a pushed item; an unknown or disabled one is a 400 naming the field. */
export async function userNamed(db: Db, ref: string, field: string): Promise<UserRow> {
  const user = await findUser(db, ref);
  if (!user) {
    throw new AppError('VALIDATION_FAILED', M.EXTERNAL_USER_UNKNOWN, { user: ref }, [
      { field, in: 'body', message: 'unknown user' },
    ]);
  }
  return user;
}

/** The calling system's app with this code: unknown → 400, another system's (or ours) → 403. */
export async function appOfSystem(db: Db, system: CallingSystem, code: string) {
  const app = await db
    .selectFrom('apps')
    .select(['id', 'code', 'name', 'tags', 'system_id'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!app) throw invalid([{ field: 'app', in: 'body', message: 'unknown app' }], M.EXTERNAL_APP_UNKNOWN);
  if (app.system_id !== system.id) throw forbidden(M.APP_OF_OTHER_SYSTEM);
  return app;
}

/** The calling system's process with this external id (never another system's). */
export async function processOfSystem(db: Db, system: CallingSystem, externalId: string) {
  return db
    .selectFrom('processes')
    .select(['id', 'entry', 'app_id', 'owner_id', 'uri', 'status', 'external_id'])
    .where('system_id', '=', system.id)
    .where('external_id', '=', externalId)
    .executeTakeFirst();
}

export type ExternalProcessRow = NonNullable<Awaited<ReturnType<typeof processOfSystem>>>;

/** The same, or 404 naming the id. */
export async function requireProcessOfSystem(
  db: Db,
  system: CallingSystem,
  externalId: string,
): Promise<ExternalProcessRow> {
  const p = await processOfSystem(db, system, externalId);
  if (!p) throw new AppError('NOT_FOUND', M.EXTERNAL_PROCESS_UNKNOWN, { id: externalId });
  return p;
}
