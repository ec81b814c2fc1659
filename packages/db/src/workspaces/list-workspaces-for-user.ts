import type { Db } from '../client';
import type { MemberRole } from '../generated/prisma/enums';
import { type Workspace, workspaceOmit } from './workspace-settings';

/** The workspaces `userId` belongs to, with the role, oldest first (the workspace switcher). */
export async function listWorkspacesForUser(
  db: Db,
  userId: string,
): Promise<{ workspace: Workspace; role: MemberRole }[]> {
  const memberships = await db.membership.findMany({
    where: { userId },
    include: { workspace: { omit: workspaceOmit } },
    orderBy: { createdAt: 'asc' },
  });
  return memberships.map((m) => ({ workspace: m.workspace, role: m.role }));
}
