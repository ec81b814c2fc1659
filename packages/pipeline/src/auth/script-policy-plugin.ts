import { sanitizeMessage } from '../errors/sanitize-message';
import type { AuthPlugin } from './auth-plugin';
import type { CompiledAuth } from './compiled-auth';
import { denyAuth } from './deny-auth';

// The Toolplane token and cookies are the runtime's business, not the policy's.
const HIDDEN_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

/**
 * A tenant-written policy script: it gets `{ context, tool }` and throws to deny (returning
 * `false` denies too, so a policy written as a predicate fails closed). Any failure to run it
 * — a time limit, a missing script — denies as well.
 */
export const scriptPolicyPlugin: AuthPlugin<Extract<CompiledAuth, { plugin: 'script' }>> = async (
  context,
  policy,
  deps,
) => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(context.headers)) {
    if (value !== undefined && !HIDDEN_HEADERS.has(name)) headers[name] = value;
  }
  const payload = {
    context: {
      headers,
      token: {
        id: context.token.id,
        scopes: [...context.token.scopes],
        tools: context.token.tools === 'all' ? 'all' : [...context.token.tools],
      },
      workspace: { id: context.workspace.id },
      tool: { name: context.tool.name },
    },
    tool: context.tool.name,
  };
  let verdict: unknown;
  try {
    verdict = await deps.runPolicyScript(policy.script, payload);
  } catch (error) {
    throw denyAuth(sanitizeMessage(error), error);
  }
  if (verdict === false) throw denyAuth('denied by policy');
};
