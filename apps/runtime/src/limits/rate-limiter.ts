/** One budget to draw from: per workspace, per token. */
export interface RateLimitCheck {
  readonly key: string;
  readonly limitPerMinute: number;
}

export type RateLimitVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  /**
   * Counts `cost` requests (a JSON-RPC batch costs its length) against every budget; refused,
   * counting nothing, when any budget cannot cover it this minute.
   */
  take(checks: readonly RateLimitCheck[], cost?: number): Promise<RateLimitVerdict>;
  close(): Promise<void>;
}

export const WINDOW_MS = 60_000;

export function windowOf(now: number): { index: number; retryAfterSeconds: number } {
  const index = Math.floor(now / WINDOW_MS);
  return {
    index,
    retryAfterSeconds: Math.max(1, Math.ceil(((index + 1) * WINDOW_MS - now) / 1000)),
  };
}
