import type { AuthPlugin } from './auth-plugin';
import type { CompiledAuth } from './compiled-auth';
import { denyAuth } from './deny-auth';

/** The calling token must carry every listed scope. */
export const tokenScopesPlugin: AuthPlugin<Extract<CompiledAuth, { plugin: 'token_scopes' }>> = (
  context,
  policy,
) => {
  const missing = policy.scopes.filter((scope) => !context.token.scopes.includes(scope));
  if (missing.length > 0) throw denyAuth(`the token lacks scope ${missing.join(', ')}`);
};
