import { authPolicyHeaders } from '@toolplane/pipeline/compile';

export interface ToolHeaderFields {
  /** Headers the tool's auth policy reads, as labelled inputs. */
  named: string[];
  /** A script policy may read any header: offer free-form "Name: value" lines instead. */
  freeForm: boolean;
}

/**
 * The request headers the playground asks for, from the tool's shared policy or inline auth
 * block (the plugin's parameters name the header it reads, or its default).
 */
export function toolHeaderFields(
  tool: { authPolicyId: string | null; authInline: unknown },
  policies: readonly { id: string; plugin: string; params: unknown }[],
): ToolHeaderFields {
  const inline =
    tool.authInline !== null && typeof tool.authInline === 'object'
      ? (tool.authInline as { plugin?: unknown; params?: unknown })
      : null;
  const policy = tool.authPolicyId
    ? policies.find((p) => p.id === tool.authPolicyId)
    : inline && typeof inline.plugin === 'string'
      ? { plugin: inline.plugin, params: inline.params }
      : undefined;
  if (!policy) return { named: [], freeForm: false };
  return {
    named: authPolicyHeaders(policy.plugin, policy.params),
    freeForm: policy.plugin === 'script',
  };
}
