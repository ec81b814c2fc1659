import {
  type AuthPolicy,
  createAuthPolicy,
  deleteAuthPolicy,
  getAuthPolicy,
  type JsonValue,
  updateAuthPolicy,
} from '@toolplane/db';
import { AUTH_PLUGIN_NAMES } from '@toolplane/pipeline/compile';
import { z } from 'zod';
import { audited } from '../audit/audited';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { workspaceDb } from '../authorization/workspace-db';
import { parseInput } from '../parse-input';
import { ServiceError } from '../service-error';
import { checkPolicyParams, redactParams, SECRET_PARAMS } from './policy-params';

export const ZPolicyInput = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/, 'Use up to 64 letters, digits, _ . or -.'),
  description: z.string().trim().max(2000).default(''),
  plugin: z.enum(AUTH_PLUGIN_NAMES, 'Choose a plugin.'),
  params: z.record(z.string(), z.unknown()).default({}),
  scriptSource: z
    .string()
    .max(512 * 1024)
    .nullable()
    .default(null),
  /** The script's export to call (`null` or `default`: the default export); omitted keeps it. */
  scriptExport: z
    .string()
    .regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,127}$/, 'Use the name of a function the script exports.')
    .nullable()
    .optional(),
});

function checkParams(
  plugin: z.output<typeof ZPolicyInput>['plugin'],
  params: Record<string, unknown>,
) {
  const checked = checkPolicyParams(plugin, params);
  if (checked.ok) return checked.params as Record<string, JsonValue>;
  throw new ServiceError('INVALID', 'Check the highlighted fields.', {
    fieldErrors: checked.fieldErrors,
  });
}

function validated(input: z.input<typeof ZPolicyInput>) {
  const data = parseInput(ZPolicyInput, input);
  if (data.plugin === 'script' && !data.scriptSource?.trim()) {
    const message = 'Write the policy script.';
    throw new ServiceError('INVALID', message, { fieldErrors: { scriptSource: message } });
  }
  return {
    name: data.name,
    description: data.description,
    plugin: data.plugin,
    params: checkParams(data.plugin, data.params),
    scriptSource: data.plugin === 'script' ? (data.scriptSource ?? null) : null,
    ...(data.plugin !== 'script' || data.scriptExport !== undefined
      ? { scriptExport: data.plugin === 'script' ? exportOrDefault(data.scriptExport) : null }
      : {}),
  };
}

const exportOrDefault = (name: string | null | undefined) =>
  name === undefined || name === null || name === 'default' ? null : name;

const summary = (p: AuthPolicy) => ({
  name: p.name,
  plugin: p.plugin,
  params: redactParams(p.params),
  script: p.scriptSource === null ? null : `${p.scriptSource.length} characters`,
  scriptExport: p.scriptExport,
});

export async function createPolicy(
  ctx: WorkspaceContext,
  input: z.input<typeof ZPolicyInput>,
): Promise<AuthPolicy> {
  authorize(ctx, 'policy.create');
  const data = validated(input);
  return audited(
    ctx,
    (tx) => createAuthPolicy(tx, ctx.deps.keyring, ctx.workspace.id, data),
    (policy) => ({
      action: 'policy.create',
      targetType: 'policy',
      targetId: policy.id,
      after: summary(policy),
    }),
  );
}

const KEPT_CREDENTIAL = '[stored]';

/**
 * Saves a policy at the version the form loaded. Credential parameters left empty keep their
 * stored value (the form never receives it). The data layer encrypts literal credentials, so a
 * legacy plaintext value is encrypted by the next save.
 */
export async function updatePolicy(
  ctx: WorkspaceContext,
  policyId: string,
  input: z.input<typeof ZPolicyInput> & { expectedVersion: number },
): Promise<AuthPolicy> {
  authorize(ctx, 'policy.update');
  const current = await getAuthPolicy(workspaceDb(ctx), ctx.workspace.id, policyId);
  if (!current) throw new ServiceError('NOT_FOUND', 'That policy does not exist.');
  const stored = (current.params ?? {}) as Record<string, JsonValue>;
  const params = { ...(input.params ?? {}) };
  const kept: Record<string, JsonValue> = {};
  if (input.plugin === current.plugin)
    for (const key of SECRET_PARAMS) {
      const value = stored[key];
      if ((params[key] === undefined || params[key] === '') && value !== undefined) {
        kept[key] = value;
        // An encrypted value is checked as the string it stands for; it is stored as it was.
        params[key] = typeof value === 'string' ? value : KEPT_CREDENTIAL;
      }
    }
  const data = validated({ ...input, params });
  return audited(
    ctx,
    (tx) =>
      updateAuthPolicy(tx, ctx.deps.keyring, ctx.workspace.id, policyId, {
        ...data,
        params: { ...data.params, ...kept },
        expectedVersion: input.expectedVersion,
      }),
    (policy) => ({
      action: 'policy.update',
      targetType: 'policy',
      targetId: policy.id,
      before: summary(current),
      after: summary(policy),
    }),
  );
}

/** Deletes a policy; refused (CONFLICT) while a tool uses it. */
export async function deletePolicy(ctx: WorkspaceContext, policyId: string): Promise<void> {
  authorize(ctx, 'policy.delete');
  const current = await getAuthPolicy(workspaceDb(ctx), ctx.workspace.id, policyId);
  if (!current) throw new ServiceError('NOT_FOUND', 'That policy does not exist.');
  await audited(
    ctx,
    (tx) => deleteAuthPolicy(tx, ctx.workspace.id, policyId),
    () => ({
      action: 'policy.delete',
      targetType: 'policy',
      targetId: policyId,
      before: summary(current),
    }),
  );
}
