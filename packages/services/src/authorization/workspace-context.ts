import type { MemberRole, Workspace } from '@toolplane/db';
import type { Actor, ServiceDeps } from '../service-deps';

/** An actor inside one workspace with a role: what every workspace service function takes. */
export interface WorkspaceContext {
  deps: ServiceDeps;
  actor: Actor;
  workspace: Workspace;
  role: MemberRole;
}
