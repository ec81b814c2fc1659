import { revokeInvitation as revokeInvitationRow } from '@toolplane/db';
import { audited } from '../audit/audited';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';

export async function revokeInvitation(ctx: WorkspaceContext, invitationId: string): Promise<void> {
  authorize(ctx, 'member.revoke-invitation');
  await audited(
    ctx,
    (tx) => revokeInvitationRow(tx, ctx.workspace.id, invitationId),
    () => ({
      action: 'member.revoke-invitation',
      targetType: 'invitation',
      targetId: invitationId,
    }),
  );
}
