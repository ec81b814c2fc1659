import type { Db, MemberRole, Workspace } from '@toolplane/db';
import type { Actor, ServiceDeps } from '../service-deps';

/** An actor inside one workspace with a role: what every workspace service function takes. */
export interface WorkspaceContext {
  deps: ServiceDeps;
  actor: Actor;
  workspace: Workspace;
  role: MemberRole;
  /**
   * An open transaction the caller owns (a GitOps apply runs many services in one): the services
   * that honour it (`audited` and the reads before it, see `workspaceDb`) read and write through
   * it and open none of their own, so the caller commits or rolls back everything together.
   * Absent, each change is its own transaction on `deps.db`.
   */
  tx?: Db;
}
