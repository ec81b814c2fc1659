import type { Redis } from '@toolplane/redis';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface RateLimiter {
  /** Counts one request for `key` (a personal access token id). */
  hit(key: string): Promise<RateLimitDecision>;
}

export interface RateLimitOptions {
  /** Requests per window per token. */
  limit: number;
  windowMs: number;
}

/** Fixed windows in process memory: right for one web replica and for tests. */
export function createMemoryRateLimiter(options: RateLimitOptions): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async hit(key) {
      const now = Date.now();
      const start = now - (now % options.windowMs);
      let window = windows.get(key);
      if (!window || window.start !== start) {
        // Forget stale windows as we go so the map stays the size of the active token set.
        if (windows.size > 10_000) {
          for (const [k, w] of windows) if (w.start !== start) windows.delete(k);
        }
        window = { start, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return decide(window.count, options, start + options.windowMs - now);
    },
  };
}

/**
 * Fixed windows in Redis, shared by every web replica: one INCR and a PEXPIRE per request. When
 * Redis does not answer, the in-memory limiter decides instead, so an outage loosens the limit
 * to per replica rather than refusing or delaying every call.
 */
export function createRedisRateLimiter(
  redis: Redis,
  options: RateLimitOptions & { prefix: string },
): RateLimiter {
  const fallback = createMemoryRateLimiter(options);
  return {
    async hit(key) {
      const now = Date.now();
      const start = now - (now % options.windowMs);
      const redisKey = `${options.prefix}api:rl:${key}:${start}`;
      try {
        const results = await redis
          .multi()
          .incr(redisKey)
          .pexpire(redisKey, options.windowMs + 1_000)
          .exec();
        const count = Number(results?.[0]?.[1]);
        if (!Number.isFinite(count)) return fallback.hit(key);
        return decide(count, options, start + options.windowMs - now);
      } catch {
        return fallback.hit(key);
      }
    },
  };
}

function decide(count: number, options: RateLimitOptions, resetMs: number): RateLimitDecision {
  return {
    allowed: count <= options.limit,
    limit: options.limit,
    remaining: Math.max(0, options.limit - count),
    resetMs,
  };
}
