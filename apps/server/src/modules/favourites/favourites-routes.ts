import type { FastifyInstance } from 'fastify';
import { idParamSchema } from '@service-hall/contracts';
import type { AppContext } from '../../platform/context.ts';
import { defineMessages } from '../../i18n/messages.ts';
import { currentUser } from '../apps/current-user.ts';
import { addFavourite, getFavourites, removeFavourite } from './favourites-service.ts';

defineMessages({ APP_NOT_FOUND: { zh: '该应用不存在', en: 'No such app' } });

const envelope = (ids: string[]) => ({ errno: 0, error: '', entities: [{ FavoriteApps: ids }] });

/** The FavoriteApps preference (spec §7): read, add one, remove one. */
export async function favouritesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get('/api/me/preference/FavoriteApps', { config: { scope: 'profile' } }, async (request) =>
    envelope(await getFavourites(ctx, currentUser(request).id)));

  app.put('/api/me/preference/FavoriteApps/:id', { config: { scope: 'profile_edit' } }, async (request) => {
    const { id } = idParamSchema.parse(request.params);
    return envelope(await addFavourite(ctx, currentUser(request).id, id));
  });

  app.delete('/api/me/preference/FavoriteApps/:id', { config: { scope: 'profile_edit' } }, async (request) => {
    const { id } = idParamSchema.parse(request.params);
    return envelope(await removeFavourite(ctx, currentUser(request).id, id));
  });
}
