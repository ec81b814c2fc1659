import {
  type Db,
  getWorkspace,
  getWorkspaceBySlug,
  type Keyring,
  type Workspace,
} from '@toolplane/db';
import { loadWorkspaceSnapshot } from './load-workspace-snapshot';
import type { WorkspaceSnapshot } from './workspace-snapshot';

// A cached snapshot is answered synchronously (every request asks, and nearly every request finds
// it); a promise only while it is loaded.
type MaybeSnapshot = WorkspaceSnapshot | null | Promise<WorkspaceSnapshot | null>;

export interface WorkspaceRegistry {
  /** The workspace behind `/t/<slug>/mcp`; null when there is none. */
  bySlug(slug: string): MaybeSnapshot;
  byId(workspaceId: string): MaybeSnapshot;
  /** Drops what is cached for a workspace (a change was announced). */
  invalidate(workspaceId: string): void;
  /** Drops everything (the change listener reconnected: announcements may have been missed). */
  clear(): void;
  /**
   * While changes cannot be heard (listener down), serve nothing older than this; undefined
   * when the listener is up and snapshots live until a change drops them.
   */
  setMaxAge(ms: number | undefined): void;
  readonly size: number;
}

/**
 * Compiled workspace snapshots, cached by id (and slug → id), loaded once per workspace by a
 * single shared load, at most `maxWorkspaces` kept (oldest loaded first out). A load that raced
 * with an announced change is used for the request that asked but not cached.
 */
export function createWorkspaceRegistry(options: {
  db: Db;
  keyring: Keyring;
  maxWorkspaces?: number;
}): WorkspaceRegistry {
  const { db, keyring } = options;
  const maxWorkspaces = options.maxWorkspaces ?? 1_000;
  const byId = new Map<string, WorkspaceSnapshot>();
  const slugToId = new Map<string, string>();
  const loading = new Map<string, Promise<WorkspaceSnapshot | null>>();
  // Change counter: a load that started before a change of its workspace is not cached.
  let changes = 0;
  const changedAt = new Map<string, number>();
  let clearedAt = 0;
  let maxAgeMs: number | undefined;

  function fresh(snapshot: WorkspaceSnapshot | undefined): WorkspaceSnapshot | undefined {
    if (snapshot === undefined) return undefined;
    if (maxAgeMs !== undefined && Date.now() - snapshot.loadedAt > maxAgeMs) return undefined;
    return snapshot;
  }

  async function load(
    key: string,
    read: () => Promise<Workspace | null>,
  ): Promise<WorkspaceSnapshot | null> {
    const pending = loading.get(key);
    if (pending) return pending;
    const started = changes;
    const promise = (async () => {
      const workspace = await read();
      if (!workspace) return null;
      const snapshot = await loadWorkspaceSnapshot(db, keyring, workspace);
      const stale = (changedAt.get(workspace.id) ?? 0) > started || clearedAt > started;
      if (!stale) store(snapshot);
      return snapshot;
    })().finally(() => loading.delete(key));
    loading.set(key, promise);
    return promise;
  }

  function store(snapshot: WorkspaceSnapshot) {
    const { id, slug } = snapshot.workspace;
    byId.delete(id);
    byId.set(id, snapshot);
    slugToId.set(slug, id);
    while (byId.size > maxWorkspaces) {
      const oldest = byId.keys().next().value as string;
      const evicted = byId.get(oldest);
      byId.delete(oldest);
      if (evicted) slugToId.delete(evicted.workspace.slug);
    }
  }

  return {
    bySlug(slug) {
      const id = slugToId.get(slug);
      const cached = id === undefined ? undefined : fresh(byId.get(id));
      if (cached) return cached;
      return load(`slug:${slug}`, () => getWorkspaceBySlug(db, slug));
    },
    byId(workspaceId) {
      const cached = fresh(byId.get(workspaceId));
      if (cached) return cached;
      return load(`id:${workspaceId}`, () => getWorkspace(db, workspaceId));
    },
    invalidate(workspaceId) {
      changes++;
      changedAt.set(workspaceId, changes);
      const snapshot = byId.get(workspaceId);
      byId.delete(workspaceId);
      if (snapshot) slugToId.delete(snapshot.workspace.slug);
    },
    clear() {
      changes++;
      clearedAt = changes;
      changedAt.clear();
      byId.clear();
      slugToId.clear();
    },
    setMaxAge(ms) {
      maxAgeMs = ms;
    },
    get size() {
      return byId.size;
    },
  };
}
