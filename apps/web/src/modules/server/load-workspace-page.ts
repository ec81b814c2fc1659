import {
  allowedActions,
  openWorkspace,
  ServiceError,
  type WorkspaceActionId,
  type WorkspaceContext,
} from '@toolplane/services';
import { notFound, redirect } from 'next/navigation';
import { type CurrentUser, getCurrentUser } from '../auth/lib/get-current-user';
import { getServiceDeps } from './service-deps';

export type WorkspacePage =
  | { kind: 'ok'; ctx: WorkspaceContext; user: CurrentUser; can: Set<WorkspaceActionId> }
  | { kind: 'forbidden'; ctx: WorkspaceContext; user: CurrentUser; can: Set<WorkspaceActionId> };

/**
 * Every workspace page starts here: signed in (else to sign-in), a member (else 404, the same
 * as a workspace that does not exist), and the role the page's registry entry needs (else a
 * "no access" panel, so the navigation still works).
 */
export async function loadWorkspacePage(
  slug: string,
  action: WorkspaceActionId,
): Promise<WorkspacePage> {
  const user = await getCurrentUser();
  if (!user) redirect(`/sign-in?next=${encodeURIComponent(`/w/${slug}`)}`);
  const deps = getServiceDeps();
  try {
    const ctx = await openWorkspace(deps, user, slug, action);
    return { kind: 'ok', ctx, user, can: allowedActions(ctx.role) };
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'FORBIDDEN') {
      const ctx = await openWorkspace(deps, user, slug, 'workspace.read');
      return { kind: 'forbidden', ctx, user, can: allowedActions(ctx.role) };
    }
    if (error instanceof ServiceError && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
}
