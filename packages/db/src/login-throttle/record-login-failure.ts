import type { Db } from '../client';
import type { LoginThrottleKind } from '../generated/prisma/enums';
import { newId } from '../ids';

export interface LoginThrottlePolicy {
  /** Failures counted within this fixed window… */
  windowMs: number;
  /** …up to this many; the next one locks the key… */
  maxAttempts: number;
  /** …for this long. */
  lockMs: number;
}

export interface LoginThrottleState {
  attempts: number;
  lockedUntil: Date | null;
}

/**
 * Counts a failed sign-in for an email or client IP, atomically (one upsert, safe under
 * concurrent attempts): the window restarts when it has elapsed, and reaching `maxAttempts`
 * sets `lockedUntil`.
 */
export async function recordLoginFailure(
  db: Db,
  key: { kind: LoginThrottleKind; key: string },
  policy: LoginThrottlePolicy,
  now: Date = new Date(),
): Promise<LoginThrottleState> {
  const windowStartCutoff = new Date(now.getTime() - policy.windowMs);
  const lockUntil = new Date(now.getTime() + policy.lockMs);
  const rows = await db.$queryRaw<{ attempts: number; locked_until: Date | null }[]>`
    INSERT INTO login_throttles AS t (id, kind, key, attempts, window_start, locked_until, created_at, updated_at)
    VALUES (${newId('thr')}, ${key.kind}::login_throttle_kind, ${key.key}, 1, ${now}, 
            CASE WHEN 1 >= ${policy.maxAttempts}::int THEN ${lockUntil}::timestamptz END, ${now}, ${now})
    ON CONFLICT (kind, key) DO UPDATE SET
      attempts = CASE WHEN t.window_start < ${windowStartCutoff} THEN 1 ELSE t.attempts + 1 END,
      window_start = CASE WHEN t.window_start < ${windowStartCutoff} THEN ${now} ELSE t.window_start END,
      locked_until = CASE
        WHEN (CASE WHEN t.window_start < ${windowStartCutoff} THEN 1 ELSE t.attempts + 1 END) >= ${policy.maxAttempts}::int
          THEN GREATEST(COALESCE(t.locked_until, ${lockUntil}), ${lockUntil})
        ELSE t.locked_until END,
      updated_at = ${now}
    RETURNING attempts, locked_until`;
  const row = rows[0];
  return { attempts: row?.attempts ?? 1, lockedUntil: row?.locked_until ?? null };
}
