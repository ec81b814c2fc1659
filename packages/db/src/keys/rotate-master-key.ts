import { type MasterKey, rewrapDataKey } from '@toolplane/crypto';
import { type Db, withTransaction } from '../client';

export interface RotateMasterKeyResult {
  /** Workspaces whose data key is now wrapped by `to`. */
  rewrapped: number;
  /** Already wrapped by `to` (a rotation that was interrupted or run twice). */
  unchanged: number;
}

/**
 * Re-wraps every workspace's data key from `from` to `to` in one transaction; values encrypted
 * with the data keys are untouched (DESIGN §4). All or nothing: one key that `from` cannot
 * unwrap aborts the rotation. Rows are locked, so a workspace created meanwhile waits and then
 * gets a key wrapped by whichever master its process holds — run the rotation after every
 * process has the new key first in its keyring.
 *
 * No change notification: the data keys themselves are the same, so nothing cached goes stale.
 */
export async function rotateMasterKey(
  db: Db,
  keys: { from: MasterKey | readonly MasterKey[]; to: MasterKey },
): Promise<RotateMasterKeyResult> {
  return withTransaction(
    db,
    async (tx) => {
      const rows = await tx.$queryRaw<{ id: string; wrapped_data_key: string }[]>`
        SELECT id, wrapped_data_key FROM workspaces ORDER BY id FOR UPDATE`;
      const targetPrefix = `v1.${keys.to.id}.`;
      let rewrapped = 0;
      let unchanged = 0;
      for (const row of rows) {
        if (row.wrapped_data_key.startsWith(targetPrefix)) {
          unchanged++;
          continue;
        }
        const wrapped = rewrapDataKey(row.wrapped_data_key, keys.from, keys.to, row.id);
        await tx.$executeRaw`UPDATE workspaces SET wrapped_data_key = ${wrapped} WHERE id = ${row.id}`;
        rewrapped++;
      }
      return { rewrapped, unchanged };
    },
    { timeoutMs: 10 * 60_000 },
  );
}
