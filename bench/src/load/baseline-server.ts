/**
 * The benchmark's yardsticks: what Fastify alone does on this machine, in the same run, under the same client.
 * No plugins, no logging.
 * - `GET /baseline`: the envelope an empty list returns (`{"errno":0,"entities":[]}`).
 * - `GET /bytes/:name`: the exact bytes an endpoint answered (body as sent, compressed when the server compressed
 *   it, with its Content-Type and Content-Encoding), pre-serialised: the floor for sending that answer.
 * - `GET /stringify/:name`: the same answer's object, `JSON.stringify`-ed on every request by Fastify (no schema):
 *   the floor for producing that answer from memory.
 * The orchestrator registers an endpoint's answer with `PUT /bodies/:name` (JSON: the bytes as sent in base64, the
 * headers to replay, the decoded JSON text) before measuring it (bench/src/lib/same-bytes.ts).
 */
import Fastify from 'fastify';

interface Stored {
  bytes: Buffer;
  contentType: string;
  contentEncoding: string | null;
  object: unknown;
}
const bodies = new Map<string, Stored>();

const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 });
app.get('/baseline', async () => ({ errno: 0, entities: [] }));
app.put<{
  Params: { name: string };
  Body: { bytes: string; contentType: string; contentEncoding: string | null; json: string };
}>('/bodies/:name', async (request) => {
  const b = request.body;
  bodies.set(request.params.name, {
    bytes: Buffer.from(b.bytes, 'base64'),
    contentType: b.contentType,
    contentEncoding: b.contentEncoding,
    object: JSON.parse(b.json),
  });
  return { ok: true };
});
app.get<{ Params: { name: string } }>('/bytes/:name', (request, reply) => {
  const stored = bodies.get(request.params.name);
  if (!stored) return reply.code(404).send();
  reply.header('content-type', stored.contentType);
  if (stored.contentEncoding) reply.header('content-encoding', stored.contentEncoding);
  return reply.send(stored.bytes);
});
app.get<{ Params: { name: string } }>('/stringify/:name', async (request, reply) => {
  const stored = bodies.get(request.params.name);
  if (!stored) return reply.code(404).send();
  return stored.object;
});
await app.listen({ port: Number(process.env.PORT ?? 8099), host: '127.0.0.1' });
