import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createRedisClient, type Redis } from '@toolplane/redis';
import { testRedis } from '@toolplane/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter';

const redisService = testRedis();
const clients: Redis[] = [];
afterAll(() => {
  for (const client of clients) client.disconnect();
});

async function spend(limiter: RateLimiter, key: string, times: number) {
  const decisions = [];
  for (let i = 0; i < times; i++) decisions.push(await limiter.hit(key));
  return decisions;
}

describe('API rate limiters', () => {
  it('allow `limit` requests per window per key in memory', async () => {
    const limiter = createMemoryRateLimiter({ limit: 2, windowMs: 60_000 });
    const [a, b, c] = await spend(limiter, 'pat_a', 3);
    expect([a?.allowed, b?.allowed, c?.allowed]).toEqual([true, true, false]);
    expect(c).toMatchObject({ limit: 2, remaining: 0 });
    expect(c!.resetMs).toBeGreaterThan(0);
    expect((await limiter.hit('pat_b')).allowed).toBe(true);
  });

  it.skipIf(!redisService.url)(
    `share one budget across limiters on the same Redis ${redisService.reason ?? ''}`,
    async () => {
      const prefix = `${redisService.prefix}${randomBytes(4).toString('hex')}:`;
      const a = createRedisClient({ url: redisService.url!, connectionName: 'api-rl-a' });
      const b = createRedisClient({ url: redisService.url!, connectionName: 'api-rl-b' });
      clients.push(a, b);
      await Promise.all([a, b].map((c) => (c.status === 'ready' ? undefined : once(c, 'ready'))));
      const options = { limit: 3, windowMs: 60_000, prefix };
      const first = createRedisRateLimiter(a, options);
      const second = createRedisRateLimiter(b, options);
      const allowed = [];
      for (let i = 0; i < 5; i++)
        allowed.push((await (i % 2 ? first : second).hit('pat_x')).allowed);
      expect(allowed).toEqual([true, true, true, false, false]);
      const keys = await a.keys(`${prefix}*`);
      expect(keys).toHaveLength(1);
      expect(await a.pttl(keys[0]!)).toBeGreaterThan(0);
      await a.del(...keys);
    },
  );

  it('fall back to counting in memory while Redis does not answer', async () => {
    const dead = createRedisClient({ url: 'redis://127.0.0.1:1', connectionName: 'api-rl-dead' });
    clients.push(dead);
    const limiter = createRedisRateLimiter(dead, { limit: 1, windowMs: 60_000, prefix: 'x:' });
    const [first, second] = await spend(limiter, 'pat_y', 2);
    expect([first?.allowed, second?.allowed]).toEqual([true, false]);
  });
});
