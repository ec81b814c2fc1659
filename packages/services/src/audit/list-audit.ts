import { type AuditEvent, listAuditEvents, listMemberships } from '@toolplane/db';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { decodeAuditCursor, encodeAuditCursor } from './audit-cursor';

/** The largest page a caller may ask for (the REST API's and the dashboard's lists agree). */
export const AUDIT_PAGE_MAX = 200;

/**
 * One page of the audit log (secrets already redacted at write), newest first with each actor's
 * email. Keyset-paginated on (created_at, id): pass the returned `nextCursor` back to read the
 * next page; a walk visits every event exactly once. A cursor this function did not produce is
 * an INVALID error on the `cursor` field.
 */
export async function listAudit(
  ctx: WorkspaceContext,
  options: { targetType?: string; cursor?: string | null; limit?: number } = {},
): Promise<{ items: (AuditEvent & { actorEmail: string | null })[]; nextCursor: string | null }> {
  authorize(ctx, 'audit.list');
  const after = options.cursor ? decodeAuditCursor(options.cursor) : null;
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 50) || 50, 1), AUDIT_PAGE_MAX);
  const [rows, members] = await Promise.all([
    // One more than the page: whether it exists decides nextCursor without a count query.
    listAuditEvents(ctx.deps.db, ctx.workspace.id, {
      ...(options.targetType !== undefined ? { targetType: options.targetType } : {}),
      after,
      limit: limit + 1,
    }),
    listMemberships(ctx.deps.db, ctx.workspace.id),
  ]);
  const emails = new Map(members.map((m) => [m.userId, m.user.email]));
  const items = rows.slice(0, limit).map((e) => ({
    ...e,
    actorEmail: e.actorUserId ? (emails.get(e.actorUserId) ?? null) : null,
  }));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeAuditCursor(last) : null };
}
