import type { CallerToken } from '../pipeline/tool-call-request';
import type { ClockPort, JwksPort } from '../ports/pipeline-ports';
import type { TextTemplate } from '../template/compile-template';
import type { CompiledAuth } from './compiled-auth';

/** What an auth plugin sees of the request. */
export interface AuthContext {
  /** Request headers, names lower-cased. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly token: CallerToken;
  readonly workspace: { readonly id: string };
  readonly tool: { readonly name: string };
}

/** The side effects a plugin may use, all through the pipeline's ports. */
export interface AuthDeps {
  /** Resolves a policy value's `{{ env.X }}` from the workspace's secrets. */
  resolveTemplate(template: TextTemplate): Promise<string>;
  /** Runs a tenant policy script (script-runner port); rejects when the script throws. */
  runPolicyScript(script: string, payload: unknown): Promise<unknown>;
  readonly clock: ClockPort;
  readonly jwks: JwksPort | undefined;
}

/**
 * `(context, policy) → void | error`: resolve to let the call through; throw (a PipelineError
 * from `denyAuth`) to stop it with -32000.
 */
export type AuthPlugin<P extends CompiledAuth = CompiledAuth> = (
  context: AuthContext,
  policy: P,
  deps: AuthDeps,
) => void | Promise<void>;
