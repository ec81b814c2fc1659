import type { Db } from '@toolplane/db';
import type { WorkspaceContext } from './workspace-context';

/** Where a service reads and writes: the caller's open transaction, else the root client. */
export function workspaceDb(ctx: WorkspaceContext): Db {
  return ctx.tx ?? ctx.deps.db;
}
