import type { Db } from '../../db/database.ts';
import type { AppRow } from './apps-repository.ts';

/** Whom an app is shown to (apps.visible, set in the console): a role or a department; both empty means everyone. */
interface Visible {
  roles: string[];
  departments: string[];
}

/** The member as visibility sees them: their roles and their department with every department above it. */
export interface Viewer {
  roles: readonly string[];
  departments: ReadonlySet<string>;
}

/** The viewer of a signed-in user: roles from the token, the department chain from the directory. */
export async function loadViewer(db: Db, user: { id: string; roles: readonly string[] }): Promise<Viewer> {
  const me = await db.selectFrom('users').select('department_id').where('id', '=', user.id).executeTakeFirst();
  const departments = new Set<string>();
  if (me?.department_id) {
    const all = await db.selectFrom('departments').select(['id', 'parent_id']).execute();
    const parent = new Map(all.map((d) => [d.id, d.parent_id]));
    // An app shown to a school is shown to its departments too; the walk stops on a cycle.
    for (let d: string | null | undefined = me.department_id; d && !departments.has(d); d = parent.get(d))
      departments.add(d);
  }
  return { roles: user.roles, departments };
}

/** Whether the viewer may see an app row. */
export function canSee(row: Pick<AppRow, 'visible'>, viewer: Viewer): boolean {
  if (!row.visible) return true;
  let v: Visible;
  try {
    v = JSON.parse(row.visible) as Visible;
  } catch {
    return false;
  }
  if (!v.roles?.length && !v.departments?.length) return true;
  return (
    (v.roles ?? []).some((r) => viewer.roles.includes(r)) ||
    (v.departments ?? []).some((d) => viewer.departments.has(d))
  );
}

/**
 * The ids of the apps this user may not see, or null when no app is restricted (the common case: no directory
 * read). Applied server-side to the catalogue, recommendations and search.
 */
export async function hiddenAppIds(
  db: Db,
  rows: readonly AppRow[],
  user: { id: string; roles: readonly string[] },
): Promise<Set<string> | null> {
  const restricted = rows.filter((r) => r.visible);
  if (!restricted.length) return null;
  const viewer = await loadViewer(db, user);
  const hidden = new Set(restricted.filter((r) => !canSee(r, viewer)).map((r) => r.id));
  return hidden.size ? hidden : null;
}
