import type { Db } from '../client';
import type { AuditEvent, Prisma } from '../generated/prisma/client';

export interface ListAuditEventsOptions {
  targetType?: string;
  targetId?: string;
  /**
   * Keyset position: only events strictly older than this (created_at, id) pair, the last row of
   * the previous page. created_at is stored at millisecond precision and the id breaks ties, so
   * a walk visits every event once even when many share a millisecond.
   */
  after?: { createdAt: Date; id: string } | null;
  limit?: number;
}

/** Newest first (created_at desc, id desc), served by the (workspace_id, created_at) index. */
export async function listAuditEvents(
  db: Db,
  workspaceId: string,
  options: ListAuditEventsOptions = {},
): Promise<AuditEvent[]> {
  const where: Prisma.AuditEventWhereInput = { workspaceId };
  if (options.targetType !== undefined) where.targetType = options.targetType;
  if (options.targetId !== undefined) where.targetId = options.targetId;
  if (options.after) {
    where.OR = [
      { createdAt: { lt: options.after.createdAt } },
      { createdAt: options.after.createdAt, id: { lt: options.after.id } },
    ];
  }
  return db.auditEvent.findMany({
    where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: Math.min(Math.max(options.limit ?? 50, 1), 500),
  });
}
