import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PushEvent } from '@service-hall/contracts';

import { createRedisLoginThrottle, FREE_FAILURES_PER_PAIR } from '../../src/idp/login-throttle.ts';
import { redisStoreWithFallback } from '../../src/platform/rate-limit-store.ts';
import { RATE_LIMIT_NAMESPACE } from '../../src/platform/rate-limit.ts';
import { closeRedisClient, createRedisClient } from '../../src/platform/redis-client.ts';
import { createRedisEventBus, type RedisEventBus } from '../../src/platform/redis-event-bus.ts';

// REDIS_PREFIX: two halls on one Redis, each with its own prefix, share no events, counters or keys.
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && process.env.CI === 'true') throw new Error('CI=true but TEST_REDIS_URL is not set');

const silentLog = { info: () => {}, warn: () => {}, error: () => {} } as never;
const event = (processId: string): PushEvent => ({ type: 'task.created', processId, lists: ['todo'] });

describe.skipIf(!redisUrl)(`REDIS_PREFIX${redisUrl ? '' : ' (skipped: TEST_REDIS_URL not set)'}`, () => {
  // Random prefixes: other suites may share this Redis.
  const prefixA = `hall-a-${randomBytes(4).toString('hex')}:`;
  const prefixB = `hall-b-${randomBytes(4).toString('hex')}:`;
  let a: RedisEventBus;
  let a2: RedisEventBus;
  let b: RedisEventBus;
  let commandsA: Redis;
  let commandsB: Redis;
  let admin: Redis;
  beforeAll(async () => {
    a = createRedisEventBus(redisUrl!, silentLog, prefixA);
    a2 = createRedisEventBus(redisUrl!, silentLog, prefixA);
    b = createRedisEventBus(redisUrl!, silentLog, prefixB);
    commandsA = createRedisClient(redisUrl!, 'commands', silentLog, prefixA);
    commandsB = createRedisClient(redisUrl!, 'commands', silentLog, prefixB);
    admin = new Redis(redisUrl!);
    await Promise.all([a, a2, b].flatMap((bus) => [ready(bus.publisher), ready(bus.subscriber)]));
    await Promise.all([ready(commandsA), ready(commandsB)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), a2?.close(), b?.close()]);
    await Promise.all([commandsA, commandsB].map((c) => c && closeRedisClient(c)));
    if (admin) {
      for (const prefix of [prefixA, prefixB]) {
        const keys = await admin.keys(`${prefix}*`);
        if (keys.length) await admin.del(...keys);
      }
      admin.disconnect();
    }
  });

  it('delivers events only to instances with the same prefix, on prefixed channels', async () => {
    const user = `u-prefix-${randomBytes(6).toString('hex')}`;
    const onA2: PushEvent[] = [];
    const onB: PushEvent[] = [];
    a2.subscribe(user, (e) => onA2.push(e));
    b.subscribe(user, (e) => onB.push(e));
    const numsub = async (channel: string) => (await admin.pubsub('NUMSUB', channel))[1] as number;
    await expect.poll(() => numsub(`${prefixA}sh:push:${user}`), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => numsub(`${prefixB}sh:push:${user}`), { timeout: 20_000 }).toBe(1);
    expect(await numsub(`sh:push:${user}`)).toBe(0);
    a.publish(user, event('from-a'));
    await expect.poll(() => onA2.length, { timeout: 20_000 }).toBe(1);
    // b's subscriber would have had a's event before its own marker (one publisher connection, Redis keeps order).
    b.publish(user, event('marker-b'));
    await expect.poll(() => onB.length, { timeout: 20_000 }).toBe(1);
    expect(onB).toEqual([event('marker-b')]);
    expect(onA2).toEqual([event('from-a')]);
  });

  it('keeps sign-in throttles and rate-limit counters apart, every key under the prefix', async () => {
    const throttleA = createRedisLoginThrottle(commandsA);
    const throttleB = createRedisLoginThrottle(commandsB);
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < FREE_FAILURES_PER_PAIR + 2; i++) await throttleA.recordFailure('zhang.wei', '10.1.2.3', now);
    expect(await throttleA.blockedFor('zhang.wei', '10.1.2.3', now)).toBeGreaterThan(0);
    expect(await throttleB.blockedFor('zhang.wei', '10.1.2.3', now)).toBe(0);

    const StoreA = redisStoreWithFallback(commandsA, RATE_LIMIT_NAMESPACE) as unknown as new (o: object) => Counter;
    const StoreB = redisStoreWithFallback(commandsB, RATE_LIMIT_NAMESPACE) as unknown as new (o: object) => Counter;
    const [storeA, storeB] = [new StoreA({}), new StoreB({})];
    for (let i = 0; i < 5; i++) await count(storeA, 'ip:10.1.2.3');
    expect(await count(storeA, 'ip:10.1.2.3')).toBe(6);
    expect(await count(storeB, 'ip:10.1.2.3')).toBe(1);

    const keysA = await admin.keys(`${prefixA}*`);
    expect(keysA).toEqual(
      expect.arrayContaining([`${prefixA}${RATE_LIMIT_NAMESPACE}ip:10.1.2.3`, `${prefixA}sh-login:i:10.1.2.3`]),
    );
    // Nothing of either hall's outside its prefix: the unprefixed names are free.
    expect(await admin.exists(`${RATE_LIMIT_NAMESPACE}ip:10.1.2.3`, 'sh-login:i:10.1.2.3')).toBe(0);
  });
});

interface Counter {
  incr(
    key: string,
    cb: (err: Error | null, r: { current: number } | null) => void,
    windowMs: number,
    max: number,
  ): void;
}

function count(store: Counter, key: string): Promise<number> {
  return new Promise((resolve, reject) =>
    store.incr(key, (err, r) => (err ? reject(err) : resolve(r!.current)), 60_000, 1000),
  );
}

async function ready(client: Redis): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve) => client.once('ready', () => resolve()));
}
