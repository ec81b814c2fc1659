import {
  GRANTED,
  type RateLimitCheck,
  type RateLimiter,
  type RateLimitVerdict,
  windowOf,
} from './rate-limiter';

/**
 * Fixed one-minute windows in this process only: the fallback when no Redis is configured (a
 * single replica) or while Redis is unreachable (each replica then enforces the budget alone).
 */
export function createMemoryRateLimiter(options: { now?: () => number } = {}): RateLimiter & {
  takeSync(checks: readonly RateLimitCheck[], cost?: number): RateLimitVerdict;
} {
  const now = options.now ?? Date.now;
  const counts = new Map<string, number>();
  let window = -1;
  function takeSync(checks: readonly RateLimitCheck[], cost = 1): RateLimitVerdict {
    const current = windowOf(now());
    if (current.index !== window) {
      window = current.index;
      counts.clear();
    }
    for (const check of checks) {
      if ((counts.get(check.key) ?? 0) + cost > check.limitPerMinute) {
        return { ok: false as const, retryAfterSeconds: current.retryAfterSeconds };
      }
    }
    for (const check of checks) counts.set(check.key, (counts.get(check.key) ?? 0) + cost);
    return GRANTED;
  }
  return {
    takeSync,
    take: takeSync,
    async close() {},
  };
}
