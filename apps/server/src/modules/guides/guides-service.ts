import { guideArgsSchema, type Guide } from '@service-hall/contracts';

import type { AuthUser } from '../../auth/auth-user.ts';
import type { Locale } from '../../i18n/messages.ts';
import { invalid } from '../../platform/app-error.ts';
import type { AppContext } from '../../platform/context.ts';
import { zodDetails } from '../../platform/error-handler.ts';
import { hiddenAppIds } from '../apps/app-visibility.ts';
import { catalogueRows } from '../apps/apps-service.ts';
import { isAdmin } from '../apps/current-user.ts';
import { presentGuides } from './guide-presenter.ts';
import { selectGuidePage } from './guides-repository.ts';

/** A page of guides for the guide bus; non-admins see published guides only, whatever they ask for. */
export async function queryGuides(
  ctx: AppContext,
  rawArgs: Record<string, unknown>,
  user: AuthUser,
  locale: Locale,
): Promise<{ totalCount: number; edges: Array<{ node: Guide }> }> {
  // GraphQL passes omitted arguments as absent and explicit nulls as null; treat both as "no filter".
  const cleaned = Object.fromEntries(Object.entries(rawArgs).filter(([, v]) => v !== null && v !== undefined));
  if (Array.isArray(cleaned.appId)) cleaned.appId = cleaned.appId.filter((v) => v !== null);
  if (Array.isArray(cleaned.appCode)) cleaned.appCode = cleaned.appCode.filter((v) => v !== null);
  const parsed = guideArgsSchema.safeParse(cleaned);
  if (!parsed.success) throw invalid(zodDetails(parsed.error));
  const { first, offset, ...filter } = parsed.data;
  const page = await selectGuidePage(ctx.db, { ...filter, publishedOnly: !isAdmin(user) }, first, offset);
  // Links to apps hidden from this member are left out, like the apps themselves in the catalogue.
  const hidden = await hiddenAppIds(ctx.db, await catalogueRows(ctx.db), user);
  const guides = await presentGuides(ctx.db, page.rows, locale, hidden);
  return { totalCount: page.totalCount, edges: guides.map((node) => ({ node })) };
}
