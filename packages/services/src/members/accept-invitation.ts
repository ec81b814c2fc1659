import {
  acceptInvitation as acceptInvitationRow,
  findInvitationByToken,
  getWorkspace,
  recordAuditEvent,
  withTransaction,
} from '@toolplane/db';
import type { Actor, ServiceDeps } from '../service-deps';
import { mapDbErrors, ServiceError } from '../service-error';

/** What the invitation page shows before the user accepts. */
export async function previewInvitation(
  deps: ServiceDeps,
  token: string,
): Promise<{ workspaceName: string; role: string; email: string } | null> {
  const invitation = await findInvitationByToken(deps.db, token);
  return invitation
    ? { workspaceName: invitation.workspace.name, role: invitation.role, email: invitation.email }
    : null;
}

/** Joins the workspace with the invitation's role; returns its slug to go to. */
export async function acceptInvitation(
  deps: ServiceDeps,
  actor: Actor,
  token: string,
): Promise<{ slug: string }> {
  const accepted = await mapDbErrors(() =>
    withTransaction(deps.db, async (tx) => {
      const result = await acceptInvitationRow(tx, token, actor.userId);
      await recordAuditEvent(tx, result.workspaceId, {
        actorUserId: actor.userId,
        action: 'invitation.accept',
        targetType: 'membership',
        targetId: actor.userId,
        after: { role: result.role },
        requestId: actor.requestId,
      });
      return result;
    }),
  );
  const workspace = await getWorkspace(deps.db, accepted.workspaceId);
  if (!workspace) throw new ServiceError('NOT_FOUND', 'Workspace not found.');
  return { slug: workspace.slug };
}
