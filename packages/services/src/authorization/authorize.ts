import { ServiceError } from '../service-error';
import { roleAllows, type WorkspaceActionId } from './action-registry';
import type { WorkspaceContext } from './workspace-context';

/**
 * Refuses the action unless the context's role is registered for it. Every workspace service
 * function calls this first, so an edge that forgot to check still cannot act above its role.
 */
export function authorize(ctx: WorkspaceContext, action: WorkspaceActionId): void {
  if (!roleAllows(ctx.role, action)) {
    throw new ServiceError(
      'FORBIDDEN',
      `Your role (${ctx.role}) does not allow this. Ask an admin of ${ctx.workspace.name}.`,
    );
  }
}
