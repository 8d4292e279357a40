/**
 * The benchmark's yardstick: what Fastify alone does on this machine, in the same run, under the same client.
 * No plugins, no logging, the same JSON envelope an empty list returns.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/baseline', async () => ({ errno: 0, entities: [] }));
await app.listen({ port: Number(process.env.PORT ?? 8099), host: '127.0.0.1' });
