import { deleteSecret as deleteSecretRow } from '@toolplane/db';
import { audited } from '../audit/audited';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';

export async function deleteSecret(ctx: WorkspaceContext, name: string): Promise<void> {
  authorize(ctx, 'secret.delete');
  await audited(
    ctx,
    (tx) => deleteSecretRow(tx, ctx.workspace.id, name),
    () => ({ action: 'secret.delete', targetType: 'secret', targetId: name, before: { name } }),
  );
}
