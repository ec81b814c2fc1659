import { createHash } from 'node:crypto';
import type { Tracer } from '@opentelemetry/api';
import type { ConnectorPools } from '@toolplane/connectors';
import { type Db, getConnectorCredentials, type Keyring } from '@toolplane/db';
import {
  type CachePort,
  type ConnectorRequest,
  type JwksPort,
  PipelineError,
  type PipelinePorts,
  type ScriptRunnerPort,
} from '@toolplane/pipeline';
import type { Logger } from '../logger';
import type { WorkspaceRegistry } from '../registry/create-workspace-registry';

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

  async function snapshotOf(workspaceId: string) {
    const snapshot = await registry.byId(workspaceId);
    if (!snapshot) throw new Error('the workspace no longer exists');
    return snapshot;
  }

  return {
    tools: {
      async get(workspaceId, name) {
        const loaded = (await snapshotOf(workspaceId)).tools.get(name);
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
      },
    },
    connectors: {
      async execute(request: ConnectorRequest) {
        const snapshot = await snapshotOf(request.workspaceId);
        const connector = snapshot.connectors.get(request.connector);
        if (!connector) throw new Error(`connector '${request.connector}' does not exist`);
        const workspaceId = request.workspaceId;
        const timeoutMs = request.timeoutMs ?? FALLBACK_TIMEOUT_MS;
        return pools.run(
          {
            key: `${workspaceId}:${connector.id}`,
            version: connector.poolVersion,
            async load() {
              const credentials = await getConnectorCredentials(
                db,
                keyring,
                workspaceId,
                connector.id,
              );
              return {
                type: credentials.type,
                url: credentials.url,
                options: (credentials.options ?? {}) as Record<string, unknown>,
              };
            },
          },
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
