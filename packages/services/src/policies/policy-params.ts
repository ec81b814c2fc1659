// Browser-safe (exported as `@toolplane/services/policy-params`): the policy form runs the same
// check before it submits. Imports only the pipeline's browser-safe entry and zod.
import { AUTH_POLICY_PARAMS, type AuthPluginName } from '@toolplane/pipeline/compile';
import { z } from 'zod';

// The pipeline's own schemas, so a policy saved here compiles in the runtime. A script policy
// stores no parameters: its reference is derived from the stored script when the runtime loads it.
const STORED_POLICY_PARAMS = { ...AUTH_POLICY_PARAMS, script: z.strictObject({}) };

/** Parameter names whose values are credentials: write-only, redacted in the audit log. */
export const SECRET_PARAMS = new Set(['value', 'secret']);

const sentence = (message: string) =>
  `${message.charAt(0).toUpperCase()}${message.slice(1)}${/[.!?]$/.test(message) ? '' : '.'}`;

/**
 * A policy's parameters checked against its plugin: the normalised parameters to store, or an
 * error per field (`params.<name>`, `params.form` for the whole).
 */
export function checkPolicyParams(
  plugin: AuthPluginName,
  params: Record<string, unknown>,
):
  | { ok: true; params: Record<string, unknown> }
  | { ok: false; fieldErrors: Record<string, string> } {
  const result = STORED_POLICY_PARAMS[plugin].safeParse(params);
  if (result.success) return { ok: true, params: result.data as Record<string, unknown> };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = `params.${issue.path.map(String).join('.') || 'form'}`;
    fieldErrors[field] ??= sentence(issue.message);
  }
  return { ok: false, fieldErrors };
}

export function redactParams(params: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((params ?? {}) as Record<string, unknown>))
    out[key] = SECRET_PARAMS.has(key) ? '[redacted]' : value;
  return out;
}
