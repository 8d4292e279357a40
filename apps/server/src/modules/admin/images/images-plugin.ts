import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../../../platform/context.ts';

/**
 * Serves uploaded icons and enterprise images at /static/images/<id>. Public, because <img> tags carry no token;
 * ids are random. SVGs were sanitised on upload, and are served with a policy that forbids script anyway.
 */
export async function imagesPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get<{ Params: { id: string } }>('/static/images/:id', async (request, reply) => {
    const id = request.params.id;
    const row = /^[0-9a-f-]{36}$/.test(id)
      ? await ctx.db.selectFrom('stored_images').select(['type', 'data']).where('id', '=', id).executeTakeFirst()
      : undefined;
    if (!row) return reply.code(404).type('text/plain').send('Not found');
    return (
      reply
        .header('content-type', row.type)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('x-content-type-options', 'nosniff')
        // An id always names the same bytes: a new upload gets a new id.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(Buffer.from(row.data, 'base64'))
    );
  });
}
