import type { Db } from '../client';

/**
 * Deletes invocations older than each workspace's retention (invocation_retention_days), for one
 * workspace or all. Returns how many rows went. Run it periodically (e.g. hourly); it is one
 * statement using the (workspace_id, created_at) index.
 */
export async function pruneInvocations(
  db: Db,
  options: { workspaceId?: string; now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  if (options.workspaceId !== undefined) {
    return db.$executeRaw`
      DELETE FROM invocations i USING workspaces w
       WHERE w.id = ${options.workspaceId} AND i.workspace_id = w.id
         AND i.created_at < ${now}::timestamptz - make_interval(days => w.invocation_retention_days)`;
  }
  return db.$executeRaw`
    DELETE FROM invocations i USING workspaces w
     WHERE i.workspace_id = w.id
       AND i.created_at < ${now}::timestamptz - make_interval(days => w.invocation_retention_days)`;
}
