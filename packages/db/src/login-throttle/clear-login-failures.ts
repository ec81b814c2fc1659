import type { Db } from '../client';
import type { LoginThrottleKind } from '../generated/prisma/enums';

/** Forgets the failures of an email (after a successful sign-in) or of an IP. */
export async function clearLoginFailures(
  db: Db,
  key: { kind: LoginThrottleKind; key: string },
): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { kind: key.kind, key: key.key } });
}
