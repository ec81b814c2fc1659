import { isRedisReady, type Redis } from '@toolplane/redis';
import { createMemoryRateLimiter } from './create-memory-rate-limiter';
import { type RateLimiter, WINDOW_MS, windowOf } from './rate-limiter';

// Counts every budget in one round trip and refuses without counting when any is spent, so a
// refused request does not eat the budget of the others. KEYS: one counter per budget;
// ARGV[1]: window length (ms); ARGV[2]: cost; ARGV[3..]: the limits in KEYS order.
const TAKE = `
local cost = tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  local used = tonumber(redis.call('GET', key) or '0')
  if used + cost > tonumber(ARGV[i + 2]) then return 0 end
end
for i, key in ipairs(KEYS) do
  if redis.call('INCRBY', key, cost) == cost then redis.call('PEXPIRE', key, ARGV[1]) end
end
return 1`;

/**
 * Rate limits shared by every replica: fixed one-minute windows counted in Redis under the
 * configured prefix. While Redis is unreachable each replica falls back to counting in memory
 * (`onFallback` tells the metrics), so an outage never turns into refused or slowed calls.
 */
export function createRedisRateLimiter(options: {
  redis: Redis;
  prefix: string;
  onFallback?: () => void;
  now?: () => number;
}): RateLimiter {
  const { redis, prefix } = options;
  const now = options.now ?? Date.now;
  const fallback = createMemoryRateLimiter({ now });
  redis.defineCommand('toolplaneTake', { lua: TAKE });
  const take = (
    redis as unknown as Record<string, (...args: (string | number)[]) => Promise<number>>
  ).toolplaneTake!.bind(redis);
  return {
    async take(checks, cost = 1) {
      if (!isRedisReady(redis)) {
        options.onFallback?.();
        return fallback.takeSync(checks, cost);
      }
      const current = windowOf(now());
      const keys = checks.map((check) => `${prefix}rl:${check.key}:${current.index}`);
      try {
        const ok = await take(
          keys.length,
          ...keys,
          WINDOW_MS + 1_000,
          cost,
          ...checks.map((check) => check.limitPerMinute),
        );
        return ok === 1
          ? { ok: true }
          : { ok: false, retryAfterSeconds: current.retryAfterSeconds };
      } catch {
        options.onFallback?.();
        return fallback.takeSync(checks, cost);
      }
    },
    async close() {},
  };
}
