import type { Db } from '../client';

/**
 * Deletes invocations older than each workspace's retention (invocation_retention_days), for one
 * workspace or all. Returns how many rows went. Run it periodically (e.g. hourly); it is one
 * statement using the (workspace_id, created_at) index.
 *
 * For all workspaces it also deletes the rows of workspaces that no longer exist: the log has
 * no foreign key, and a runtime may flush a deleted workspace's last calls after
 * `deleteWorkspace` removed its rows.
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
  const expired = await db.$executeRaw`
    DELETE FROM invocations i USING workspaces w
     WHERE i.workspace_id = w.id
       AND i.created_at < ${now}::timestamptz - make_interval(days => w.invocation_retention_days)`;
  // The log's distinct workspace ids by a skip scan of the (workspace_id, created_at) index — one
  // index probe per workspace, not a scan of the log — then the ones without a workspace.
  const orphaned = await db.$executeRaw`
    WITH RECURSIVE logged AS (
      (SELECT workspace_id FROM invocations ORDER BY workspace_id LIMIT 1)
      UNION ALL
      SELECT (SELECT i.workspace_id FROM invocations i
               WHERE i.workspace_id > logged.workspace_id ORDER BY i.workspace_id LIMIT 1)
        FROM logged WHERE logged.workspace_id IS NOT NULL
    )
    DELETE FROM invocations
     WHERE workspace_id IN (
       SELECT workspace_id FROM logged
        WHERE workspace_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM workspaces w WHERE w.id = logged.workspace_id))`;
  return expired + orphaned;
}
