import type { Db } from '../client';
import type { AuthPolicy } from '../generated/prisma/client';

export async function getAuthPolicy(
  db: Db,
  workspaceId: string,
  policyId: string,
): Promise<AuthPolicy | null> {
  return db.authPolicy.findFirst({ where: { id: policyId, workspaceId } });
}
