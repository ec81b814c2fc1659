import {
  type Db,
  recordAuditEvent,
  updateConnector as updateConnectorRow,
  withTransaction,
} from '@toolplane/db';
import {
  createConnector,
  createPolicy,
  createTool,
  deleteConnector,
  deletePolicy,
  deleteSecret,
  deleteTool,
  ServiceError,
  toServiceError,
  updateConnector,
  updatePolicy,
  updateTool,
  type WorkspaceContext,
} from '@toolplane/services';
import { stableJson } from '../config/canonical-config';
import {
  type ConnectionSpec,
  type ConnectorSpec,
  secretReference,
  type WorkspaceConfig,
} from '../config/workspace-config';
import { computePlan, sourceOf } from './compute-plan';
import type { ItemKind, WorkspacePlan } from './plan-types';
import { problemsError } from './problems-error';
import { readWorkspaceState } from './read-workspace-state';
import { toolDraftOf } from './tool-draft-of';

/**
 * A whole apply may touch hundreds of rows; the data layer's default 10 s transaction timeout is
 * sized for one dashboard save.
 */
const APPLY_TIMEOUT_MS = 120_000;

const connectionField = (connection: ConnectionSpec): string =>
  connection === null || 'stored' in connection
    ? ''
    : 'secret' in connection
      ? secretReference(connection.secret)
      : connection.url;

/**
 * Applies `config` in ONE transaction through the service layer (each service authorizes,
 * validates, writes, audits and announces the change; handed the transaction as `ctx.tx` they
 * all join it). Any failure rolls everything back. The runtime's change notifications are sent
 * by PostgreSQL at commit, all together, and never for a rolled-back apply.
 *
 * That is still one notification per changed item, not one per apply: packages/db sends them from
 * its data functions, and they carry what the runtime needs (a changed connector's id drops that
 * connector's pool). Identical payloads (policy changes carry no id) PostgreSQL delivers once per
 * transaction. A summary notification on top would add a reload per replica, not save one, so
 * none is sent.
 */
export async function applyConfig(
  ctx: WorkspaceContext,
  config: WorkspaceConfig,
  options: { prune: boolean; action: 'gitops.apply' | 'hyperterse.import' },
): Promise<WorkspacePlan> {
  const workspaceId = ctx.workspace.id;
  return withTransaction(
    ctx.tx ?? ctx.deps.db,
    async (tx) => {
      // Every service call below reads and writes through this transaction and opens none.
      const txCtx: WorkspaceContext = { ...ctx, tx };
      const state = await readWorkspaceState(tx, workspaceId);
      const plan = computePlan(state.config, config, {
        prune: options.prune,
        inlineAuth: state.inlineAuth,
      });
      if (plan.problems.length > 0)
        throw problemsError('The config cannot be applied.', plan.problems);

      const created = (kind: ItemKind, name: string) =>
        plan.created.some((item) => item.kind === kind && item.name === name);
      const changed = (kind: ItemKind, name: string) =>
        plan.changed.some((item) => item.kind === kind && item.name === name);
      const step = async <T>(kind: ItemKind, name: string, fn: () => Promise<T>): Promise<T> => {
        try {
          return await fn();
        } catch (error) {
          throw itemError(config, kind, name, error);
        }
      };

      const policyIds = new Map([...state.policies].map(([name, row]) => [name, row.id]));
      for (const policy of config.policies) {
        const input = {
          name: policy.name,
          description: policy.description,
          plugin: policy.plugin,
          params: policy.params,
          scriptSource: policy.script?.source ?? null,
          scriptExport: policy.script?.exportName ?? null,
        };
        if (created('policy', policy.name)) {
          const row = await step('policy', policy.name, () => createPolicy(txCtx, input));
          policyIds.set(policy.name, row.id);
        } else if (changed('policy', policy.name)) {
          const row = state.policies.get(policy.name)!;
          await step('policy', policy.name, () =>
            updatePolicy(txCtx, row.id, { ...input, expectedVersion: row.version }),
          );
        }
      }

      const connectorIds = new Map([...state.connectors].map(([name, row]) => [name, row.id]));
      const currentConnectors = new Map(state.config.connectors.map((c) => [c.name, c]));
      for (const connector of config.connectors) {
        if (created('connector', connector.name)) {
          const row = await step('connector', connector.name, async () => {
            const saved = await createConnector(txCtx, connectorInput(connector));
            return setOptions(txCtx, tx, connector, saved.id, saved.version, {});
          });
          connectorIds.set(connector.name, row);
        } else if (changed('connector', connector.name)) {
          const row = state.connectors.get(connector.name)!;
          const before = currentConnectors.get(connector.name)!;
          await step('connector', connector.name, async () => {
            let version = row.version;
            const fieldsChanged =
              before.type !== connector.type ||
              before.description !== connector.description ||
              (connector.connection !== null &&
                stableJson(connector.connection) !== stableJson(before.connection));
            if (fieldsChanged) {
              const { options: _, ...fields } = connectorInput(connector);
              const saved = await updateConnector(txCtx, row.id, {
                ...fields,
                expectedVersion: version,
              });
              version = saved.version;
            }
            return setOptions(txCtx, tx, connector, row.id, version, before.options);
          });
        }
      }

      for (const tool of config.tools) {
        const draft = {
          ...toolDraftOf(
            tool,
            (name) => connectorIds.get(name),
            (name) => policyIds.get(name),
          ),
          authInline: null,
          annotations: tool.annotations,
        };
        if (created('tool', tool.name)) {
          await step('tool', tool.name, () => createTool(txCtx, draft));
        } else if (changed('tool', tool.name)) {
          const row = state.tools.get(tool.name)!;
          await step('tool', tool.name, () =>
            updateTool(txCtx, row.id, { ...draft, expectedVersion: row.version }),
          );
        }
      }

      // Deletions last, tools first: connectors and policies are free once their tools are gone.
      const order: ItemKind[] = ['tool', 'policy', 'connector', 'secret'];
      for (const kind of order) {
        for (const item of plan.deleted.filter((d) => d.kind === kind)) {
          await step(kind, item.name, async () => {
            if (kind === 'tool') await deleteTool(txCtx, state.tools.get(item.name)!.id);
            else if (kind === 'policy')
              await deletePolicy(txCtx, state.policies.get(item.name)!.id);
            else if (kind === 'connector')
              await deleteConnector(txCtx, state.connectors.get(item.name)!.id);
            else await deleteSecret(txCtx, item.name);
          });
        }
      }

      await recordAuditEvent(tx, workspaceId, {
        actorUserId: ctx.actor.userId,
        action: options.action,
        targetType: 'workspace',
        targetId: workspaceId,
        after: {
          created: plan.created,
          changed: plan.changed.map(({ kind, name }) => ({ kind, name })),
          deleted: plan.deleted,
        },
        requestId: ctx.actor.requestId,
      });
      return plan;
    },
    { timeoutMs: APPLY_TIMEOUT_MS },
  );
}

function connectorInput(connector: ConnectorSpec) {
  return {
    name: connector.name,
    type: connector.type,
    description: connector.description,
    connection: connectionField(connector.connection),
    options: connector.options,
  };
}

/** Driver options are not part of the dashboard's connector form: written through packages/db. */
async function setOptions(
  ctx: WorkspaceContext,
  tx: Db,
  connector: ConnectorSpec,
  id: string,
  version: number,
  current: ConnectorSpec['options'],
): Promise<string> {
  if (stableJson(connector.options) !== stableJson(current)) {
    await updateConnectorRow(tx, ctx.deps.keyring, ctx.workspace.id, id, {
      options: connector.options,
      expectedVersion: version,
    });
  }
  return id;
}

/** A service's error, named by the item and file it came from. */
function itemError(config: WorkspaceConfig, kind: ItemKind, name: string, error: unknown): unknown {
  const mapped = toServiceError(error);
  if (!(mapped instanceof ServiceError)) return error;
  const file = sourceOf(config, kind, name);
  const fieldErrors: Record<string, string> = {};
  for (const [field, message] of Object.entries(mapped.fieldErrors)) {
    fieldErrors[`${file}#${field}`] = message;
  }
  if (Object.keys(fieldErrors).length === 0) fieldErrors[`${file}#${kind}`] = mapped.message;
  return new ServiceError(mapped.code, `${kind} ${name}: ${mapped.message}`, {
    fieldErrors,
    cause: error,
  });
}
