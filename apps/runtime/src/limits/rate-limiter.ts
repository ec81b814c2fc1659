/** One budget to draw from: per workspace, per token. */
export interface RateLimitCheck {
  readonly key: string;
  readonly limitPerMinute: number;
}

export type RateLimitVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  /**
   * Counts `cost` requests (a JSON-RPC batch costs its length) against every budget; refused,
   * counting nothing, when any budget cannot cover it this minute. Synchronous when it can be
   * answered from this process (a local lease or in-memory counts), a promise when it needs Redis.
   */
  take(
    checks: readonly RateLimitCheck[],
    cost?: number,
  ): RateLimitVerdict | Promise<RateLimitVerdict>;
  close(): Promise<void>;
}

export const WINDOW_MS = 60_000;

export function windowOf(now: number): { index: number; retryAfterSeconds: number } {
  const index = windowIndex(now);
  return {
    index,
    retryAfterSeconds: Math.max(1, Math.ceil(((index + 1) * WINDOW_MS - now) / 1000)),
  };
}

export function windowIndex(now: number): number {
  return Math.floor(now / WINDOW_MS);
}

/** The one verdict every granted call shares (verdicts are read, never changed). */
export const GRANTED: RateLimitVerdict = Object.freeze({ ok: true });
