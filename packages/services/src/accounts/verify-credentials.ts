import { verifyPassword } from '@toolplane/auth';
import {
  clearLoginFailures,
  findUserByEmail,
  getLoginLock,
  type LoginThrottlePolicy,
  normalizeEmail,
  recordLoginFailure,
} from '@toolplane/db';
import type { ServiceDeps } from '../service-deps';
import { ServiceError } from '../service-error';

/** Per address: 5 failures in 15 minutes lock it for 15 minutes (slows guessing one account). */
export const EMAIL_THROTTLE: LoginThrottlePolicy = {
  windowMs: 15 * 60_000,
  maxAttempts: 5,
  lockMs: 15 * 60_000,
};
/** Per client IP: 50 failures in 15 minutes (slows spraying many accounts from one place). */
export const IP_THROTTLE: LoginThrottlePolicy = {
  windowMs: 15 * 60_000,
  maxAttempts: 50,
  lockMs: 15 * 60_000,
};

const WRONG = 'That email and password do not match an account.';

/**
 * Checks an email and password with throttling by address and by client IP. The same message
 * for an unknown email and a wrong password, and the same argon2 cost, so accounts cannot be
 * enumerated. Returns the user id and session version to put in the session.
 */
export async function verifyCredentials(
  deps: ServiceDeps,
  input: { email: string; password: string; ip: string | null },
): Promise<{ userId: string; sessionVersion: number; email: string; name: string | null }> {
  const email = normalizeEmail(input.email);
  const keys = [
    { kind: 'email' as const, key: email },
    ...(input.ip ? [{ kind: 'ip' as const, key: input.ip }] : []),
  ];
  for (const key of keys) {
    const lockedUntil = await getLoginLock(deps.db, key);
    if (lockedUntil) {
      const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 60_000));
      throw new ServiceError(
        'RATE_LIMITED',
        `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
      );
    }
  }
  const user = await findUserByEmail(deps.db, email);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await recordLoginFailure(deps.db, keys[0]!, EMAIL_THROTTLE);
    if (keys[1]) await recordLoginFailure(deps.db, keys[1], IP_THROTTLE);
    throw new ServiceError('UNAUTHENTICATED', WRONG);
  }
  await clearLoginFailures(deps.db, keys[0]!);
  return {
    userId: user.id,
    sessionVersion: user.sessionVersion,
    email: user.email,
    name: user.name,
  };
}
