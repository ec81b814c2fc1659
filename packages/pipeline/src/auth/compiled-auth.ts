import type { TextTemplate } from '../template/compile-template';

export const AUTH_PLUGIN_NAMES = ['allow_all', 'api_key', 'jwt', 'token_scopes', 'script'] as const;
export type AuthPluginName = (typeof AUTH_PLUGIN_NAMES)[number];

export type JwtKeySource =
  | { readonly kind: 'secret'; readonly secret: TextTemplate }
  | { readonly kind: 'jwks'; readonly url: string };

/** A tool's `auth` block after compile-time validation, per built-in plugin. */
export type CompiledAuth =
  | { readonly plugin: 'allow_all' }
  | { readonly plugin: 'api_key'; readonly header: string; readonly value: TextTemplate }
  | {
      readonly plugin: 'jwt';
      readonly header: string;
      readonly key: JwtKeySource;
      readonly issuer: string | undefined;
      readonly audience: readonly string[] | undefined;
      readonly algorithms: readonly string[];
      readonly clockToleranceSeconds: number;
      readonly requiredClaims: readonly string[];
    }
  | { readonly plugin: 'token_scopes'; readonly scopes: readonly string[] }
  | { readonly plugin: 'script'; readonly script: string };
