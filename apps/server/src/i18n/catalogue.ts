import { actingUserMessages } from '../auth/acting-user-messages.ts';
import { authMessages } from '../auth/auth-messages.ts';
import { taskApiMessages } from '../graphql/task-api-messages.ts';
import { adminImportMessages, adminMessages } from '../modules/admin/admin-messages.ts';
import { attachmentsMessages } from '../modules/attachments/attachments-messages.ts';
import { definitionsMessages } from '../modules/definitions/definitions-messages.ts';
import { delegationsMessages } from '../modules/delegations/delegations-messages.ts';
import { favouritesMessages } from '../modules/favourites/favourites-messages.ts';
import { idempotencyMessages } from '../modules/idempotency/idempotency-messages.ts';
import { M as integrationAdminMessages } from '../modules/integration-admin/integration-admin-messages.ts';
import { integrationMessages } from '../modules/integration/integration-messages.ts';
import { processesMessages } from '../modules/processes/processes-messages.ts';
import { systemActingMessages } from '../modules/system-acting/system-acting.ts';
import { powersMessages } from '../modules/tasks/powers-messages.ts';
import { usersMessages } from '../modules/users/users-messages.ts';
import { catalogueOf, commonMessages, type Locale, type MessageKey } from './messages.ts';

/**
 * Every message the server can answer with, from every module's group, listed here by name. A group left out of
 * this list is caught by test/message-catalogue.test.ts; a key two groups declare stops this module from loading,
 * so such a server does not start.
 */
export const messageGroups = [
  commonMessages,
  authMessages,
  actingUserMessages,
  taskApiMessages,
  adminMessages,
  adminImportMessages,
  attachmentsMessages,
  definitionsMessages,
  delegationsMessages,
  favouritesMessages,
  idempotencyMessages,
  integrationMessages,
  integrationAdminMessages,
  processesMessages,
  systemActingMessages,
  powersMessages,
  usersMessages,
];

const catalogue = catalogueOf(messageGroups);

/** The message for a key in a language, with {param} placeholders filled; an unknown key is answered as itself. */
export function translate(key: MessageKey, locale: Locale, params: Record<string, string | number> = {}): string {
  const text = catalogue.get(key)?.[locale] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, p: string) => String(params[p] ?? `{${p}}`));
}
