import type { Db } from '../client';
import type { LoginThrottleKind } from '../generated/prisma/enums';

/** When the email or IP is locked out, until when; null when sign-in may be attempted. */
export async function getLoginLock(
  db: Db,
  key: { kind: LoginThrottleKind; key: string },
  now: Date = new Date(),
): Promise<Date | null> {
  const row = await db.loginThrottle.findFirst({
    where: { kind: key.kind, key: key.key, lockedUntil: { gt: now } },
    select: { lockedUntil: true },
  });
  return row?.lockedUntil ?? null;
}
