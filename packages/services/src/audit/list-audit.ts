import { type AuditEvent, listAuditEvents, listMemberships } from '@toolplane/db';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';

/** The audit log (secrets already redacted at write), with each actor's email. */
export async function listAudit(
  ctx: WorkspaceContext,
  options: { before?: Date; targetType?: string } = {},
): Promise<(AuditEvent & { actorEmail: string | null })[]> {
  authorize(ctx, 'audit.list');
  const [events, members] = await Promise.all([
    listAuditEvents(ctx.deps.db, ctx.workspace.id, { ...options, limit: 100 }),
    listMemberships(ctx.deps.db, ctx.workspace.id),
  ]);
  const emails = new Map(members.map((m) => [m.userId, m.user.email]));
  return events.map((e) => ({
    ...e,
    actorEmail: e.actorUserId ? (emails.get(e.actorUserId) ?? null) : null,
  }));
}
