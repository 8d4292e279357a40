import type { FastifyInstance } from 'fastify';
import type { Envelope, Profile } from '@service-hall/contracts';
import type { AppContext } from '../../platform/context.ts';
import { requestLocale } from '../../platform/locale.ts';
import { notFound } from '../../platform/app-error.ts';
import { findProfile } from './profile-repository.ts';
import { presentProfile } from './profile-presenter.ts';

/** GET /api/me/profile (spec §7): entities[0] is the signed-in user's profile. */
export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get('/api/me/profile', { config: { scope: 'profile' } }, async (request): Promise<Envelope<Profile>> => {
    const row = await findProfile(ctx.db, request.user!.id);
    if (!row) throw notFound();
    return { errno: 0, error: '', entities: [presentProfile(row, requestLocale(request))] };
  });
}
