import type { Db } from '../client';
import type { User } from '../generated/prisma/client';
import { normalizeEmail } from './normalize-email';

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  return db.user.findFirst({ where: { email: normalizeEmail(email) } });
}
