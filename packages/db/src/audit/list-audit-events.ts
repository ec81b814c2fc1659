import type { Db } from '../client';
import type { AuditEvent, Prisma } from '../generated/prisma/client';

export async function listAuditEvents(
  db: Db,
  workspaceId: string,
  options: { targetType?: string; targetId?: string; before?: Date; limit?: number } = {},
): Promise<AuditEvent[]> {
  const where: Prisma.AuditEventWhereInput = { workspaceId };
  if (options.targetType !== undefined) where.targetType = options.targetType;
  if (options.targetId !== undefined) where.targetId = options.targetId;
  if (options.before) where.createdAt = { lt: options.before };
  return db.auditEvent.findMany({
    where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: Math.min(Math.max(options.limit ?? 50, 1), 500),
  });
}
