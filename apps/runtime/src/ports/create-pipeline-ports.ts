import { createHash } from 'node:crypto';
import type { Tracer } from '@opentelemetry/api';
import type { ConnectorPools, PoolTarget } from '@toolplane/connectors';
import { type Db, getConnectorCredentials, type Keyring } from '@toolplane/db';
import {
  type CachePort,
  type ConnectorRequest,
  type JwksPort,
  type MaybePromise,
  PipelineError,
  type PipelinePorts,
  type ScriptRunnerPort,
  thenMaybe,
} from '@toolplane/pipeline';
import type { Logger } from '../logger';
import type { WorkspaceRegistry } from '../registry/create-workspace-registry';
import type { SnapshotConnector, WorkspaceSnapshot } from '../registry/workspace-snapshot';

function existing(snapshot: WorkspaceSnapshot | null): WorkspaceSnapshot {
  if (!snapshot) throw new Error('the workspace no longer exists');
  return snapshot;
}

/** Used when a tool has no timeout at all (the workspace default is normally filled in). */
const FALLBACK_TIMEOUT_MS = 10_000;

/**
 * The pipeline's ports over the runtime's services. They hold no request state: everything a
 * call needs arrives in its arguments (workspace id, tool, connector name), so one set of ports
 * serves every request.
 */
export function createPipelinePorts(deps: {
  registry: WorkspaceRegistry;
  pools: ConnectorPools;
  db: Db;
  keyring: Keyring;
  scripts: ScriptRunnerPort;
  cache: CachePort | undefined;
  tracer: Tracer | undefined;
  jwks: JwksPort | undefined;
  logger: Logger;
}): PipelinePorts {
  const { registry, pools, db, keyring, logger } = deps;

  // Synchronous while the workspace is cached: no promise per port call on the request path.
  function snapshotOf(workspaceId: string): MaybePromise<WorkspaceSnapshot> {
    return thenMaybe(registry.byId(workspaceId), existing);
  }

  function compiledTool(snapshot: WorkspaceSnapshot, name: string) {
    const loaded = snapshot.tools.get(name);
    if (loaded === undefined) return undefined;
    if (!loaded.ok) {
      throw new PipelineError(
        'DEFINITION_INVALID',
        'resolve',
        `tool '${name}' cannot run: ${loaded.problem}`,
        { tool: name },
      );
    }
    return loaded.compiled;
  }

  // One pool target per snapshot connector (its key, version and loader), not one per call.
  const targets = new WeakMap<SnapshotConnector, PoolTarget>();
  function poolTarget(workspaceId: string, connector: SnapshotConnector): PoolTarget {
    let target = targets.get(connector);
    if (target === undefined) {
      target = {
        key: `${workspaceId}:${connector.id}`,
        version: connector.poolVersion,
        async load() {
          const credentials = await getConnectorCredentials(db, keyring, workspaceId, connector.id);
          return {
            type: credentials.type,
            url: credentials.url,
            options: (credentials.options ?? {}) as Record<string, unknown>,
          };
        },
      };
      targets.set(connector, target);
    }
    return target;
  }

  return {
    tools: {
      get(workspaceId, name) {
        return thenMaybe(snapshotOf(workspaceId), (snapshot) => compiledTool(snapshot, name));
      },
    },
    connectors: {
      async execute(request: ConnectorRequest) {
        const found = snapshotOf(request.workspaceId);
        const snapshot = found instanceof Promise ? await found : found;
        const connector = snapshot.connectors.get(request.connector);
        if (!connector) throw new Error(`connector '${request.connector}' does not exist`);
        const timeoutMs = request.timeoutMs ?? FALLBACK_TIMEOUT_MS;
        return pools.run(
          poolTarget(request.workspaceId, connector),
          request.type === 'redis'
            ? {
                type: 'redis',
                command: request.command,
                args: request.args,
                readOnly: request.readOnly,
                timeoutMs,
              }
            : {
                type: request.type,
                text: request.text,
                params: request.params,
                readOnly: request.readOnly,
                maxRows: request.maxRows,
                timeoutMs,
              },
        );
      },
    },
    scripts: deps.scripts,
    secrets: {
      async get(workspaceId, name) {
        return (await snapshotOf(workspaceId)).secrets[name];
      },
    },
    hash: { hash: (text) => createHash('sha256').update(text).digest('hex') },
    clock: { now: () => performance.now(), epochMs: () => Date.now() },
    ...(deps.cache === undefined ? {} : { cache: deps.cache }),
    ...(deps.tracer === undefined ? {} : { tracer: deps.tracer }),
    ...(deps.jwks === undefined ? {} : { jwks: deps.jwks }),
    log: { debug: (message, details) => logger.debug(message, details) },
  };
}
