import type { Db } from '../client';
import { guard } from '../prisma-errors';

/**
 * Invalidates every session of the user (sign out everywhere, password change, removal): JWT
 * sessions carry the session version they were issued with and the server compares it.
 */
export async function bumpSessionVersion(db: Db, userId: string): Promise<number> {
  const user = await guard(
    db.user.update({
      where: { id: userId },
      data: { sessionVersion: { increment: 1 } },
      select: { sessionVersion: true },
    }),
    'user',
  );
  return user.sessionVersion;
}
