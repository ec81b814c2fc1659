import type { Prisma } from '../generated/prisma/client';

/**
 * Locks the workspace's owner memberships and returns their user ids, so two concurrent
 * demotions cannot both see "another owner remains" and leave the workspace without one.
 */
export async function lockOwners(tx: Prisma.TransactionClient, workspaceId: string) {
  const rows = await tx.$queryRaw<{ user_id: string }[]>`
    SELECT user_id FROM memberships
     WHERE workspace_id = ${workspaceId} AND role = 'owner'::member_role
     ORDER BY id FOR UPDATE`;
  return rows.map((row) => row.user_id);
}
