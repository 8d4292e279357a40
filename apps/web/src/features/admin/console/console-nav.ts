import type { AdminMe } from '@service-hall/contracts';

/**
 * One page of the console: where it lives under /workflow/admin/, its title key (admin namespace) and whether only a
 * system administrator sees it. An app administrator's pages show only their apps (the server enforces it too).
 */
export interface ConsoleNavItem {
  key: string;
  path: string;
  /** The menu group it sits in (people has four pages). */
  group?: 'people';
  systemOnly: boolean;
}

/** The console's pages in menu order; `systemOnly` pages are shown to system administrators only. */
export const CONSOLE_NAV: readonly ConsoleNavItem[] = [
  { key: 'catalogue', path: 'catalogue', systemOnly: false },
  { key: 'guides', path: 'guides', systemOnly: false },
  { key: 'look', path: 'look', systemOnly: true },
  // people — users, departments, roles, CSV import
  { key: 'users', path: 'people/users', group: 'people', systemOnly: true },
  { key: 'departments', path: 'people/departments', group: 'people', systemOnly: true },
  { key: 'roles', path: 'people/roles', group: 'people', systemOnly: true },
  { key: 'import', path: 'people/import', group: 'people', systemOnly: true },
  // processes — reassign, cancel (app administrators see their apps' processes)
  { key: 'processes', path: 'processes', systemOnly: false },
  // integrations — systems, their clients and callback secret, public clients
  { key: 'integrations', path: 'integrations', systemOnly: true },
  // definitions — the flow designer, versions, import/export, publish (app administrators: their apps' definitions)
  { key: 'definitions', path: 'definitions', systemOnly: false },
  { key: 'audit', path: 'audit', systemOnly: true },
];

/** The pages the caller may open: everything for a system administrator, the app-scoped ones otherwise. */
export function navFor(me: AdminMe): ConsoleNavItem[] {
  return CONSOLE_NAV.filter((item) => me.systemAdmin || !item.systemOnly);
}

/** The nav item a console path belongs to ('catalogue/new' → catalogue). */
export function navItemAt(subPath: string): ConsoleNavItem | undefined {
  return CONSOLE_NAV.find((item) => subPath === item.path || subPath.startsWith(`${item.path}/`));
}
