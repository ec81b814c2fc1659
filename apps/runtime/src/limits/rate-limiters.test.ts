import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createRedisClient, type Redis } from '@toolplane/redis';
import { testRedis } from '@toolplane/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './create-memory-rate-limiter';
import { createRedisRateLimiter, leaseSize } from './create-redis-rate-limiter';
import type { RateLimiter } from './rate-limiter';

const redisService = testRedis();
const clients: Redis[] = [];
afterAll(() => {
  for (const client of clients) client.disconnect();
});

async function behaves(limiter: RateLimiter, now: { t: number }) {
  const checks = [
    { key: 'ws:a', limitPerMinute: 5 },
    { key: 'tok:1', limitPerMinute: 3 },
  ];
  const other = [
    { key: 'ws:a', limitPerMinute: 5 },
    { key: 'tok:2', limitPerMinute: 3 },
  ];
  expect(await limiter.take(checks)).toEqual({ ok: true });
  expect(await limiter.take(checks, 2)).toEqual({ ok: true });
  // Token 1 is spent; a refusal counts nothing, so token 2 still has the workspace's last 2.
  expect(await limiter.take(checks)).toMatchObject({ ok: false });
  expect(await limiter.take(other, 3)).toMatchObject({ ok: false });
  expect(await limiter.take(other, 2)).toEqual({ ok: true });
  const refused = await limiter.take(other);
  expect(refused).toEqual({ ok: false, retryAfterSeconds: 15 });
  now.t += 15_000;
  expect(await limiter.take(other)).toEqual({ ok: true });
}

describe('rate limiters', () => {
  it('count per budget in one-minute windows, in memory', async () => {
    const now = { t: 60_000 * 1000 + 45_000 };
    await behaves(createMemoryRateLimiter({ now: () => now.t }), now);
  });

  it.skipIf(!redisService.url)(
    `count in Redis, shared by every limiter on it ${redisService.reason ?? ''}`,
    async () => {
      const now = { t: 60_000 * 2000 + 45_000 };
      const prefix = `${redisService.prefix}${randomBytes(4).toString('hex')}:`;
      const a = createRedisClient({ url: redisService.url!, connectionName: 'rl-test-a' });
      const b = createRedisClient({ url: redisService.url!, connectionName: 'rl-test-b' });
      clients.push(a, b);
      await Promise.all([a, b].map((c) => (c.status === 'ready' ? undefined : once(c, 'ready'))));
      const first = createRedisRateLimiter({ redis: a, prefix, now: () => now.t });
      const second = createRedisRateLimiter({ redis: b, prefix, now: () => now.t });
      // Alternate the two limiters: they share the counters.
      const alternating: RateLimiter = {
        take: (checks, cost) => (Math.random() < 0.5 ? first : second).take(checks, cost),
        close: async () => {},
      };
      await behaves(alternating, now);
      const keys = await a.keys(`${prefix}*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(Math.min(...(await Promise.all(keys.map((k) => a.pttl(k)))))).toBeGreaterThan(0);
      await a.del(...keys);
    },
  );
});

describe('leased Redis budgets', () => {
  it('sizes leases at 0.5 % of the smallest limit, 1 to 100', () => {
    expect(leaseSize(60)).toBe(1);
    expect(leaseSize(399)).toBe(1);
    expect(leaseSize(10_000)).toBe(50);
    expect(leaseSize(1_000_000)).toBe(100);
  });

  it.skipIf(!redisService.url)(
    `spends a large budget from local leases and never exceeds it across limiters ${redisService.reason ?? ''}`,
    async () => {
      const now = { t: 60_000 * 3000 + 1_000 };
      const prefix = `${redisService.prefix}${randomBytes(4).toString('hex')}:`;
      const a = createRedisClient({ url: redisService.url!, connectionName: 'rl-test-c' });
      const b = createRedisClient({ url: redisService.url!, connectionName: 'rl-test-d' });
      clients.push(a, b);
      await Promise.all([a, b].map((c) => (c.status === 'ready' ? undefined : once(c, 'ready'))));
      const limiters = [a, b].map((redis) =>
        createRedisRateLimiter({ redis, prefix, now: () => now.t }),
      );
      const checks = [{ key: 'ws:big', limitPerMinute: 1_000 }];
      let granted = 0;
      for (let i = 0; i < 1_200; i++) {
        if ((await limiters[i % 2]!.take(checks)).ok) granted++;
      }
      // Lease 5: at most one lease's worth (per limiter) refused early, never over the limit.
      expect(granted).toBeLessThanOrEqual(1_000);
      expect(granted).toBeGreaterThanOrEqual(990);
      const keys = await a.keys(`${prefix}*`);
      expect(Number(await a.get(keys[0]!))).toBe(1_000);
      await a.del(...keys);
    },
  );
});
