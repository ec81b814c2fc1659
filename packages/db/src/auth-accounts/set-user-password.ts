import { type Db, withTransaction } from '../client';
import { notFound } from '../errors';

/**
 * Replaces the user's password hash and bumps the session version in one transaction, so every
 * session issued before the change ends. Returns the new session version (for the caller's own
 * fresh session).
 */
export async function setUserPassword(
  db: Db,
  userId: string,
  passwordHash: string,
): Promise<{ sessionVersion: number }> {
  return withTransaction(db, async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: userId },
      data: { passwordHash, sessionVersion: { increment: 1 }, version: { increment: 1 } },
    });
    if (count === 0) throw notFound('user');
    const user = await tx.user.findFirst({
      where: { id: userId },
      select: { sessionVersion: true },
    });
    if (!user) throw notFound('user');
    return { sessionVersion: user.sessionVersion };
  });
}
