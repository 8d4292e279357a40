import { getProfileRoute, listPositionsRoute } from '@service-hall/contracts';

import { notFound } from '../../platform/app-error.ts';
import { defineRoute } from '../../platform/define-route.ts';
import { listPositions } from './positions.ts';
import { presentProfile } from './profile-presenter.ts';
import { findProfile } from './profile-repository.ts';

/** GET /api/me/profile: entities[0] is the signed-in user's profile; GET /api/me/positions: department and posts. */
export const profileRoutes = [
  defineRoute(getProfileRoute, (ctx) => async ({ user, locale }) => {
    const row = await findProfile(ctx.db, user.id);
    if (!row) throw notFound();
    return presentProfile(row, locale);
  }),
  defineRoute(listPositionsRoute, (ctx) => async ({ user, locale }) => {
    const entities = await listPositions(ctx.db, user.id, locale);
    return { total: entities.length, entities };
  }),
];
