import { isRedisReady, type Redis } from '@toolplane/redis';
import { createMemoryRateLimiter } from './create-memory-rate-limiter';
import {
  GRANTED,
  type RateLimitCheck,
  type RateLimiter,
  type RateLimitVerdict,
  WINDOW_MS,
  windowIndex,
  windowOf,
} from './rate-limiter';

// Leases budget for every key in one round trip: grants min(wanted, what every budget has left)
// and counts it against each, or grants 0, counting nothing, when that is below the call's
// cost. KEYS: one counter per budget; ARGV[1]: window length (ms); ARGV[2]: cost; ARGV[3]: the
// lease wanted; ARGV[4..]: the limits in KEYS order. Returns the grant.
const LEASE = `
local cost = tonumber(ARGV[2])
local grant = tonumber(ARGV[3])
for i, key in ipairs(KEYS) do
  local room = tonumber(ARGV[i + 3]) - tonumber(redis.call('GET', key) or '0')
  if room < grant then grant = room end
end
if grant < cost then return 0 end
for i, key in ipairs(KEYS) do
  if redis.call('INCRBY', key, grant) == grant then redis.call('PEXPIRE', key, ARGV[1]) end
end
return grant`;

/**
 * Budget leased per round trip: 0.5 % of the smallest limit, 1 to 100 requests. A small limit
 * (under 400 a minute) is counted call by call, exactly; a large one costs a Redis round trip
 * every `lease` calls instead of every call. Leased but unspent units count as used, so the sum
 * over replicas never exceeds a limit; a replica may be refused up to (replicas − 1) × lease
 * early near the end of a window.
 */
export function leaseSize(limitPerMinute: number): number {
  return Math.min(100, Math.max(1, Math.floor(limitPerMinute / 200)));
}

/**
 * Rate limits shared by every replica: fixed one-minute windows counted in Redis under the
 * configured prefix, spent from small local leases (see `leaseSize`) so most calls cost no
 * round trip. While Redis is unreachable each replica falls back to counting in memory
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
  redis.defineCommand('toolplaneLease', { lua: LEASE });
  const lease = (
    redis as unknown as Record<string, (...args: (string | number)[]) => Promise<number>>
  ).toolplaneLease!.bind(redis);
  // Units leased from the current window and not spent yet, per budget key.
  const leased = new Map<string, number>();
  let window = -1;
  async function leaseAndTake(
    checks: readonly RateLimitCheck[],
    cost: number,
  ): Promise<RateLimitVerdict> {
    const current = windowOf(now());
    const keys = checks.map((check) => `${prefix}rl:${check.key}:${current.index}`);
    const wanted = Math.max(
      cost,
      leaseSize(Math.min(...checks.map((check) => check.limitPerMinute))),
    );
    try {
      const grant = await lease(
        keys.length,
        ...keys,
        WINDOW_MS + 1_000,
        cost,
        wanted,
        ...checks.map((check) => check.limitPerMinute),
      );
      if (grant < cost) return { ok: false, retryAfterSeconds: current.retryAfterSeconds };
      if (window === current.index) {
        for (const check of checks) {
          leased.set(check.key, (leased.get(check.key) ?? 0) + grant - cost);
        }
      }
      return GRANTED;
    } catch {
      options.onFallback?.();
      return fallback.takeSync(checks, cost);
    }
  }

  return {
    // From the local lease without a promise; Redis only when a lease ran out.
    take(checks, cost = 1) {
      if (!isRedisReady(redis)) {
        options.onFallback?.();
        return fallback.takeSync(checks, cost);
      }
      const index = windowIndex(now());
      if (index !== window) {
        window = index;
        leased.clear();
      }
      for (const check of checks) {
        if ((leased.get(check.key) ?? 0) < cost) return leaseAndTake(checks, cost);
      }
      for (const check of checks) leased.set(check.key, leased.get(check.key)! - cost);
      return GRANTED;
    },
    async close() {},
  };
}
