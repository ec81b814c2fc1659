import { allowAllPlugin } from './allow-all-plugin';
import { apiKeyPlugin } from './api-key-plugin';
import type { AuthPlugin } from './auth-plugin';
import type { AuthPluginName, CompiledAuth } from './compiled-auth';
import { jwtPlugin } from './jwt-plugin';
import { scriptPolicyPlugin } from './script-policy-plugin';
import { tokenScopesPlugin } from './token-scopes-plugin';

/** The built-in plugins, by the name an `auth` block uses. */
export const AUTH_PLUGINS: {
  readonly [N in AuthPluginName]: AuthPlugin<Extract<CompiledAuth, { plugin: N }>>;
} = {
  allow_all: allowAllPlugin,
  api_key: apiKeyPlugin,
  jwt: jwtPlugin,
  token_scopes: tokenScopesPlugin,
  script: scriptPolicyPlugin,
};
