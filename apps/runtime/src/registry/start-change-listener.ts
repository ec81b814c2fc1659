import type { ConnectorPools } from '@toolplane/connectors';
import { type ChangeListener, type ChangeNotification, listenForChanges } from '@toolplane/db';
import type { TokenAuthenticator } from '../auth/create-token-authenticator';
import type { Logger } from '../logger';
import type { WorkspaceRegistry } from './create-workspace-registry';

/** While changes cannot be heard, nothing cached is served older than this (DESIGN §1: 1 s). */
const UNHEARD_MAX_AGE_MS = 1_000;

export interface RunningChangeListener {
  readonly connected: boolean;
  close(): Promise<void>;
}

/**
 * One dedicated LISTEN connection: each announced change drops what this replica caches about
 * it (tokens, the workspace snapshot, a connector's pool); a reconnect drops everything, since
 * announcements sent meanwhile are lost. Until the first connection succeeds, and whenever it is
 * lost, caches are trusted for at most a second — so no replica serves a stale definition or a
 * revoked token for longer, heard or not. Start-up does not wait for it.
 */
export function startChangeListener(deps: {
  databaseUrl: string;
  registry: WorkspaceRegistry;
  tokens: TokenAuthenticator;
  pools: ConnectorPools;
  logger: Logger;
}): RunningChangeListener {
  const { registry, tokens, pools, logger } = deps;
  let listener: ChangeListener | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const distrust = () => {
    registry.setMaxAge(UNHEARD_MAX_AGE_MS);
    tokens.setMaxAge(UNHEARD_MAX_AGE_MS);
  };
  const trust = () => {
    registry.clear();
    tokens.clear();
    registry.setMaxAge(undefined);
    tokens.setMaxAge(undefined);
  };

  const onChange = (change: ChangeNotification) => {
    logger.debug('change announced', { ...change });
    switch (change.kind) {
      case 'token':
        tokens.invalidate(change.workspaceId, change.id);
        return;
      case 'workspace':
        tokens.invalidate(change.workspaceId);
        registry.invalidate(change.workspaceId);
        void pools.dropPrefix(`${change.workspaceId}:`);
        return;
      case 'connector':
        registry.invalidate(change.workspaceId);
        if (change.id) void pools.drop(`${change.workspaceId}:${change.id}`);
        return;
      default:
        registry.invalidate(change.workspaceId);
    }
  };

  const connect = async (delay: number) => {
    if (closed) return;
    try {
      const next = await listenForChanges({
        databaseUrl: deps.databaseUrl,
        onChange,
        onReconnect: () => {
          logger.info('change listener reconnected; caches dropped');
          trust();
        },
        onError: (error) => {
          logger.warn('change listener lost its connection', { error });
          distrust();
        },
      });
      if (closed) {
        await next.close();
        return;
      }
      listener = next;
      trust();
    } catch (error) {
      logger.warn('change listener cannot connect; retrying', { error });
      retry = setTimeout(() => void connect(Math.min(delay * 2, 5_000)), delay);
      retry.unref();
    }
  };

  distrust();
  void connect(200);
  return {
    get connected() {
      return listener?.connected ?? false;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await listener?.close();
    },
  };
}
