import type { AuthDeps, AuthPlugin } from '../auth/auth-plugin';
import { AUTH_PLUGINS } from '../auth/auth-plugins';
import { PipelineError } from '../errors/pipeline-error';
import { sanitizeMessage } from '../errors/sanitize-message';
import type { CallState } from '../pipeline/call-state';
import { resolveLimits } from '../pipeline/resolve-limits';
import type { PipelinePorts } from '../ports/pipeline-ports';
import { readSecret } from './read-secret';
import { scriptRequestId } from './run-script';

const NO_ENV: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Stage 2 — authentication, only when the tool has an `auth` block: the plugin gets the request
 * context and its policy; it returns to let the call through or throws to stop it (-32000).
 */
export async function authenticate(state: CallState, ports: PipelinePorts): Promise<CallState> {
  const { tool, request } = state;
  const auth = tool.auth;
  if (auth === undefined) return state;
  const deps: AuthDeps = {
    async resolveTemplate(template) {
      let text = '';
      for (const part of template) {
        text += typeof part === 'string' ? part : await readSecret(state, ports, part.name, 'auth');
      }
      return text;
    },
    async runPolicyScript(script, payload) {
      try {
        return await ports.scripts.run({
          workspaceId: request.workspace.id,
          tool: tool.name,
          role: 'auth_policy',
          script,
          payload,
          env: NO_ENV,
          timeoutMs: resolveLimits(tool, request.workspace).timeoutMs,
          ...scriptRequestId(request.requestId),
        });
      } catch (error) {
        throw new Error(sanitizeMessage(error, state.secretValues));
      }
    },
    clock: ports.clock,
    jwks: ports.jwks,
  };
  const plugin = AUTH_PLUGINS[auth.plugin] as AuthPlugin;
  const context = {
    headers: request.caller.headers,
    token: request.caller.token,
    workspace: { id: request.workspace.id },
    tool: { name: tool.name },
  };
  try {
    await plugin(context, auth, deps);
  } catch (error) {
    if (error instanceof PipelineError) {
      throw new PipelineError(error.code, 'auth', error.message, { tool: tool.name, cause: error });
    }
    throw new PipelineError('AUTH_DENIED', 'auth', 'authentication failed', {
      tool: tool.name,
      cause: error,
    });
  }
  return state;
}
