import type { Db } from '../client';
import type { Invocation } from '../generated/prisma/client';

/** The invocation the runtime logged for a request id (the playground reads its stage timings). */
export async function findInvocationByRequestId(
  db: Db,
  workspaceId: string,
  requestId: string,
): Promise<Invocation | null> {
  return db.invocation.findFirst({
    where: { workspaceId, requestId },
    orderBy: { createdAt: 'desc' },
  });
}
