import type { Db } from './client';

/** The channel every change is announced on (DESIGN §1). The runtime LISTENs to it. */
export const CHANGE_CHANNEL = 'toolplane_changes';

export type ChangeKind = 'tool' | 'secret' | 'connector' | 'token' | 'setting' | 'workspace';

export interface ChangeNotification {
  workspaceId: string;
  kind: ChangeKind;
  /** The row that changed; absent means "every row of this kind in the workspace". */
  id?: string;
}

/**
 * Announces a change with `pg_notify` on `db`. Called with a transaction client (every data
 * function does), PostgreSQL delivers it exactly when that transaction commits — and never if it
 * rolls back — so a listener never reloads before the change is visible.
 */
export async function notifyChange(db: Db, change: ChangeNotification): Promise<void> {
  const payload = JSON.stringify(
    change.id === undefined
      ? { workspaceId: change.workspaceId, kind: change.kind }
      : { workspaceId: change.workspaceId, kind: change.kind, id: change.id },
  );
  await db.$queryRaw`SELECT pg_notify(${CHANGE_CHANNEL}, ${payload})::text AS sent`;
}

const KINDS: ReadonlySet<string> = new Set<ChangeKind>([
  'tool',
  'secret',
  'connector',
  'token',
  'setting',
  'workspace',
]);

/** Parses a NOTIFY payload from CHANGE_CHANNEL; null when it is not one of ours. */
export function parseChangeNotification(payload: string | undefined): ChangeNotification | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (typeof value.workspaceId !== 'string' || typeof value.kind !== 'string') return null;
    if (!KINDS.has(value.kind)) return null;
    const change: ChangeNotification = {
      workspaceId: value.workspaceId,
      kind: value.kind as ChangeKind,
    };
    if (typeof value.id === 'string') change.id = value.id;
    return change;
  } catch {
    return null;
  }
}
