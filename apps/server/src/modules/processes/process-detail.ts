import type { ProcessDetail } from '@service-hall/contracts';
import { URGE_INTERVAL, type Directory, type ProcessState } from '@service-hall/engine';

import type { AuthUser } from '../../auth/auth-user.ts';
import type { Db } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';
import { notFound } from '../../platform/app-error.ts';
import { preparedQuery } from '../../platform/prepared-query.ts';
import { definitionAt } from '../definitions/definitions-repository.ts';
import { activeDelegationsTo } from '../delegations/delegations-repository.ts';
import { actingRight } from '../tasks/task-policy.ts';
import { loadDirectory } from '../users/directory.ts';
import { namesOf } from '../users/users-repository.ts';
import { diagramOf, presentDiagram, returnTargetsOf } from './diagram-presenter.ts';
import { fieldNamesOf } from './field-names.ts';
import { canRateProcess, canViewProcess, canWithdrawProcess, type ProcessFacts } from './process-policy.ts';
import {
  named,
  presentActions,
  presentDetail,
  type ProcessJoinedRow,
  type SystemNames,
  type TaskRow,
} from './process-presenter.ts';
import { ccAndUrgesOf, findProcessForViewer, processIdByEntry, tasksOf } from './processes-repository.ts';
import { URGED } from './urge-process.ts';

export interface LoadedProcess {
  row: ProcessJoinedRow;
  tasks: TaskRow[];
  cc: Array<{ user_id: string; read: number; created_at: number }>;
  /** When the owner urged it, ascending. */
  urges: number[];
  facts: ProcessFacts;
  delegations: Awaited<ReturnType<typeof activeDelegationsTo>>;
  /** The engine state (for the diagram and return targets) and when it was read. */
  state: Partial<ProcessState>;
  now: number;
  /** Names upcoming steps' likely assignees in the diagram; loaded outside transactions (users/directory.ts caches per handle). */
  directory?: Directory;
}

/**
 * Loads a process and the viewer's relation to it; 404 when it does not exist or the viewer may not see it.
 * `known` passes what the caller has already read in the same transaction (an action: the viewer's delegations and
 * the process state it just wrote), saving those queries.
 */
export async function loadVisibleProcess(
  db: Db,
  id: string,
  user: AuthUser,
  now: number,
  known: {
    delegations?: LoadedProcess['delegations'];
    state?: Partial<ProcessState>;
    directory?: Directory;
    /** The row as the caller read it for this viewer in the same transaction, with what its change set. */
    row?: ProcessJoinedRow & { viewer_admin: boolean };
  } = {},
): Promise<LoadedProcess> {
  const found = known.row ?? (await findProcessForViewer(db, id, user.id));
  if (!found) throw notFound();
  const { viewer_admin: admin, ...row } = found;
  const [tasks, { cc, urges }, delegations, parsed] = await Promise.all([
    tasksOf(db, id),
    ccAndUrgesOf(db, id, URGED),
    known.delegations ?? activeDelegationsTo(db, user.id, now),
    known.state ?? stateOf(db, { id }).then((r) => JSON.parse(r[0]!.state) as Partial<ProcessState>),
  ]);
  const facts: ProcessFacts = {
    ownerId: row.owner_id,
    appId: row.app_id,
    status: row.status,
    rated: row.rating !== null,
    othersActed: parsed.othersActed ?? true,
    tasks,
    ccUserIds: cc.map((c) => c.user_id),
    viewerAdministersApp: admin,
    delegationsToViewer: delegations,
  };
  // Not revealing existence: a process the caller may not see is reported exactly like a missing one.
  if (!canViewProcess(user, facts)) throw notFound();
  return { row, tasks, cc, urges, facts, delegations, state: parsed, now, directory: known.directory };
}

const stateOf = preparedQuery(['id'], (db, s) => db.selectFrom('processes').select('state').where('id', '=', s.id));

/** The ProcessDetail of a loaded process for its viewer, in the request's language. */
export async function presentLoaded(
  db: Db,
  loaded: LoadedProcess,
  user: AuthUser,
  locale: Locale,
): Promise<ProcessDetail> {
  const { row, tasks, cc, facts, delegations } = loaded;
  const def =
    row.definition_code && row.definition_version !== null
      ? await definitionAt(db, row.definition_code, row.definition_version)
      : undefined;
  const state = loaded.state as ProcessState;
  const diagram = diagramOf(def, state, tasks, loaded.directory);
  const urges = loaded.urges;
  const userIds = [
    ...tasks.flatMap((t) => [t.assignee_id, t.action_user_id, t.on_behalf_of_id, t.handed_to_id]),
    ...cc.map((c) => c.user_id),
    ...diagram.flatMap((n) => n.userIds),
    row.owner_id,
  ];
  const users = await namesOf(
    db,
    userIds.filter((u): u is string => !!u),
  );
  const systems = await systemNamesOf(db, [row.via_system_id, ...tasks.map((t) => t.via_system_id)]);
  const data = JSON.parse(row.data) as Record<string, unknown>;
  const dataNames = await fieldNamesOf(db, def, data, locale);
  // My own open task first; otherwise one I may handle for somebody who delegated this app to me.
  const open = tasks.filter((t) => t.status === 'todo');
  const starter = { app_id: row.app_id, starter_id: row.owner_id };
  const mine =
    open.find((t) => actingRight(user, { ...starter, ...t }, delegations)?.onBehalfOfId === null) ??
    open.find((t) => actingRight(user, { ...starter, ...t }, delegations) !== null);
  const lastUrge = urges.at(-1);
  return {
    ...presentDetail(
      row,
      {
        tasks,
        cc,
        users,
        systems,
        def,
        myTask: mine
          ? {
              id: mine.id,
              actions: presentActions(mine.actions, locale),
              returnTo: returnTargetsOf(def, state, mine.step_id, locale),
            }
          : null,
        canRate: canRateProcess(user, facts),
        canWithdraw: canWithdrawProcess(user, facts),
      },
      locale,
    ),
    // Someone else must be holding it up: a process returned to its applicant waits on nobody to urge.
    canUrge:
      user.id === row.owner_id &&
      row.status === 'doing' &&
      open.some((t) => t.assignee_id !== row.owner_id) &&
      (lastUrge === undefined || loaded.now - lastUrge >= URGE_INTERVAL),
    urges: urges.map((time) => ({ user: named(users, row.owner_id, locale)!, time })),
    diagram: presentDiagram(diagram, users, locale),
    dataNames,
  };
}

/**
 * GET /api/process/{id}: the detail for a viewer who may see it. `id` may also be the serial number (entry), as
 * clients of the other vendor's API look processes up. Our ids are 16 hex digits and entries `YYYYMMDD-NNNNNN`, so
 * anything that is not such an id is tried as an entry first (one indexed lookup), then as an id.
 */
export async function getProcessDetail(
  db: Db,
  id: string,
  user: AuthUser,
  locale: Locale,
  now: number,
): Promise<ProcessDetail> {
  const byEntry = OUR_ID.test(id) ? undefined : await processIdByEntry(db, id);
  return presentLoaded(
    db,
    await loadVisibleProcess(db, byEntry ?? id, user, now, { directory: await loadDirectory(db) }),
    user,
    locale,
  );
}

/** The shape of the ids start-process.ts gives. */
const OUR_ID = /^[0-9a-f]{16}$/;

/** Names of the systems that acted in a process (none in most processes: then no query). */
async function systemNamesOf(db: Db, ids: Array<string | null>): Promise<SystemNames> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('systems').select(['id', 'name', 'name_en']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r]));
}
