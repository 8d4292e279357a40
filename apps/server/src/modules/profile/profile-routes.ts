import { getProfileRoute } from '@service-hall/contracts';
import { notFound } from '../../platform/app-error.ts';
import { defineRoute } from '../../platform/define-route.ts';
import { findProfile } from './profile-repository.ts';
import { presentProfile } from './profile-presenter.ts';

/** GET /api/me/profile: entities[0] is the signed-in user's profile. */
export const profileRoutes = [
  defineRoute(getProfileRoute, (ctx) => async ({ user, locale }) => {
    const row = await findProfile(ctx.db, user.id);
    if (!row) throw notFound();
    return presentProfile(row, locale);
  }),
];
