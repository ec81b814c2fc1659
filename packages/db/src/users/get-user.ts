import type { Db } from '../client';
import type { User } from '../generated/prisma/client';

export async function getUser(db: Db, userId: string): Promise<User | null> {
  return db.user.findFirst({ where: { id: userId } });
}
