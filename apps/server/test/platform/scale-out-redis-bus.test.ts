import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PushEvent } from '@service-hall/contracts';

import { reconnectDelay } from '../../src/platform/redis-client.ts';
import { createRedisEventBus, RESYNC_EVENT, type RedisEventBus } from '../../src/platform/redis-event-bus.ts';

// The Redis event bus on its own, two buses standing for two instances. In CI a missing Redis fails; locally skips.
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && process.env.CI === 'true') throw new Error('CI=true but TEST_REDIS_URL is not set');

const silentLog = { info: () => {}, warn: () => {}, error: () => {} } as never;
const event = (processId: string): PushEvent => ({ type: 'task.created', processId, lists: ['todo'] });
// Random user ids: pub/sub channels are global to the Redis server, other suites may share it.
const someUser = () => `u-bus-${randomBytes(6).toString('hex')}`;

describe('reconnect backoff', () => {
  it('grows from about 100 ms and never exceeds 5 s', () => {
    expect(reconnectDelay(0)).toBeLessThanOrEqual(100);
    expect(reconnectDelay(3)).toBeGreaterThanOrEqual(400);
    for (let n = 0; n < 100; n++) expect(reconnectDelay(n)).toBeLessThanOrEqual(5_000);
  });
});

describe.skipIf(!redisUrl)(`Redis event bus${redisUrl ? '' : ' (skipped: TEST_REDIS_URL not set)'}`, () => {
  let a: RedisEventBus;
  let b: RedisEventBus;
  let admin: Redis;
  beforeAll(async () => {
    a = createRedisEventBus(redisUrl!, silentLog);
    b = createRedisEventBus(redisUrl!, silentLog);
    admin = new Redis(redisUrl!);
    await Promise.all([ready(a.publisher), ready(a.subscriber), ready(b.publisher), ready(b.subscriber)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    admin?.disconnect();
  });

  const subscribers = async (userId: string) => (await admin.pubsub('NUMSUB', `sh:push:${userId}`))[1] as number;
  // A bound on waiting for what must happen, not a latency figure: under load it may take seconds.
  const until = async (check: () => Promise<boolean> | boolean, ms = 20_000) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('carries an event to the other instance, and to local listeners exactly once', async () => {
    const user = someUser();
    const onA: PushEvent[] = [];
    const onB: PushEvent[] = [];
    a.subscribe(user, (e) => onA.push(e));
    b.subscribe(user, (e) => onB.push(e));
    await until(async () => (await subscribers(user)) === 2);
    a.publish(user, event('p1'));
    await until(() => onB.length === 1);
    // Redis delivers to a's subscriber in publish order: once b's marker is there, a's own echo of p1 would be too.
    b.publish(user, event('marker'));
    await until(() => onA.length === 2);
    expect(onA).toEqual([event('p1'), event('marker')]);
    expect(onB).toEqual([event('p1'), event('marker')]);
  });

  it('holds one Redis subscription per user per instance, whatever the number of tabs', async () => {
    const user = someUser();
    const offs = [b.subscribe(user, () => {}), b.subscribe(user, () => {}), b.subscribe(user, () => {})];
    await until(async () => (await subscribers(user)) === 1);
    offs[0]!();
    offs[0]!(); // unsubscribing twice is harmless
    offs[1]!();
    // b's subscriber connection runs its commands in order: once a later subscription is visible, a wrong
    // UNSUBSCRIBE sent before it would have taken effect.
    const later = someUser();
    const offLater = b.subscribe(later, () => {});
    await until(async () => (await subscribers(later)) === 1);
    expect(await subscribers(user)).toBe(1);
    offLater();
    offs[2]!();
    await until(async () => (await subscribers(user)) === 0);
  });

  it('re-subscribes after the connection drops and tells local listeners to re-fetch', async () => {
    const user = someUser();
    const got: PushEvent[] = [];
    b.subscribe(user, (e) => got.push(e));
    await until(async () => (await subscribers(user)) === 1);
    b.subscriber.disconnect(true); // drop the socket; ioredis reconnects with backoff
    await until(() => got.some((e) => e === RESYNC_EVENT));
    await until(async () => (await subscribers(user)) === 1);
    a.publish(user, event('p2'));
    await until(() => got.some((e) => e.processId === 'p2'));
  });

  it('with Redis unreachable, publish neither throws nor blocks, local listeners still hear it, close ends it', async () => {
    const dead = createRedisEventBus(`redis://127.0.0.1:${await closedPort()}`, silentLog);
    const user = someUser();
    const got: PushEvent[] = [];
    dead.subscribe(user, (e) => got.push(e));
    // Nothing to await: the local listeners have every event as soon as the synchronous loop ends.
    for (let i = 0; i < 100; i++) dead.publish(user, event(`p${i}`));
    expect(got).toHaveLength(100);
    await dead.close();
    expect(dead.publisher.status).toBe('end');
    expect(dead.subscriber.status).toBe('end');
  });
});

async function ready(client: Redis): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve) => client.once('ready', () => resolve()));
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
