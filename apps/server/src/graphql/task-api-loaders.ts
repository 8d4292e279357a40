import DataLoader from 'dataloader';

import type { ProcessDetail } from '@service-hall/contracts';

import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import type { Locale } from '../i18n/messages.ts';
import { loadVisibleProcess, presentLoaded } from '../modules/processes/process-detail.ts';
import { loadDirectory } from '../modules/users/directory.ts';
import { processIdsByKeys, type ProcessKey } from './process-lookup-repository.ts';

/**
 * Per-request batch loaders. The list services already fetch owners, apps and pending tasks of a whole page with
 * one IN-query each, so rows never cost a query apiece; what GraphQL adds is fan-out at the root — up to 30
 * aliased `process` fields in one document — and these loaders batch and de-duplicate that.
 * They live for one request only, so nothing cached crosses users or outlives a change.
 */
export interface TaskApiLoaders {
  /** process(id, entry, system) → the matching id, one query for all aliases. */
  processId: DataLoader<ProcessKey, string | null, string>;
  /** A process detail for the caller; the NOT_FOUND error when it is missing or not theirs to see. */
  processDetail: DataLoader<string, ProcessDetail>;
}

/** Builds the loaders of one request for one caller. */
export function createLoaders(db: Db, user: AuthUser, locale: Locale, now: number): TaskApiLoaders {
  return {
    processId: new DataLoader((keys) => processIdsByKeys(db, keys), {
      cacheKeyFn: (k) => JSON.stringify([k.id, k.entry, k.system]),
    }),
    // Visibility is decided per process by the REST policy (loadVisibleProcess); a refusal is returned as the
    // key's error so one hidden process does not fail the other aliases.
    processDetail: new DataLoader((ids) =>
      Promise.all(
        ids.map(async (id) => {
          try {
            return await presentLoaded(
              db,
              await loadVisibleProcess(db, id, user, now, { directory: await loadDirectory(db) }),
              user,
              locale,
            );
          } catch (err) {
            return err instanceof Error ? err : new Error(String(err));
          }
        }),
      ),
    ),
  };
}
