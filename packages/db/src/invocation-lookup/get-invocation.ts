import type { Db } from '../client';
import type { Invocation } from '../generated/prisma/client';

/** One invocation of the workspace by id (the activity detail view); null when not its own. */
export async function getInvocation(
  db: Db,
  workspaceId: string,
  invocationId: string,
): Promise<Invocation | null> {
  return db.invocation.findFirst({ where: { id: invocationId, workspaceId } });
}
