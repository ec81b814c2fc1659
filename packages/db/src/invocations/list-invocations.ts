import type { Db } from '../client';
import type { Invocation, Prisma } from '../generated/prisma/client';
import type { InvocationStatus } from '../generated/prisma/enums';

export interface ListInvocationsOptions {
  toolName?: string;
  status?: InvocationStatus;
  /** The stage a failed call stopped at (`error_stage`). */
  errorStage?: string;
  tokenId?: string;
  since?: Date;
  /** Only calls made before this instant (exclusive). */
  until?: Date;
  /** The `nextCursor` of the previous page. */
  cursor?: string | null;
  limit?: number;
}

/**
 * Newest first, keyset-paginated on (created_at, id) — served by the workspace+time indexes.
 * Every filter is in the WHERE, never applied to a fetched page, so a page is full whenever
 * enough rows match and a cursor walk visits each matching row once (created_at is stored at
 * millisecond precision, the cursor's, and the id breaks ties).
 */
export async function listInvocations(
  db: Db,
  workspaceId: string,
  options: ListInvocationsOptions = {},
): Promise<{ items: Invocation[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 500);
  const where: Prisma.InvocationWhereInput = { workspaceId };
  if (options.toolName !== undefined) where.toolName = options.toolName;
  if (options.status !== undefined) where.status = options.status;
  if (options.errorStage !== undefined) where.errorStage = options.errorStage;
  if (options.tokenId !== undefined) where.tokenId = options.tokenId;
  if (options.since || options.until)
    where.createdAt = {
      ...(options.since ? { gte: options.since } : {}),
      ...(options.until ? { lt: options.until } : {}),
    };
  const cursor = decodeCursor(options.cursor);
  if (cursor) {
    where.OR = [
      { createdAt: { lt: cursor.createdAt } },
      { createdAt: cursor.createdAt, id: { lt: cursor.id } },
    ];
  }
  const rows = await db.invocation.findMany({
    where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string | null | undefined): { createdAt: Date; id: string } | null {
  if (!cursor) return null;
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id };
}
