import type { Db } from '../client';
import type { AuthPolicy } from '../generated/prisma/client';

export async function listAuthPolicies(db: Db, workspaceId: string): Promise<AuthPolicy[]> {
  return db.authPolicy.findMany({ where: { workspaceId }, orderBy: { name: 'asc' } });
}
