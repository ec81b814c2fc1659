import type { z } from 'zod';
import type { AuthBlock } from '../definition/tool-definition-schema';
import { compileTemplate, type TextTemplate, templateSecrets } from '../template/compile-template';
import { AUTH_POLICY_PARAMS, DEFAULT_AUTH_HEADERS } from './auth-policy-params';
import { AUTH_PLUGIN_NAMES, type AuthPluginName, type CompiledAuth } from './compiled-auth';

export const HMAC_ALGORITHMS = ['HS256', 'HS384', 'HS512'];
export const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

export interface AuthProblem {
  code: 'AUTH_PLUGIN_UNKNOWN' | 'AUTH_POLICY_INVALID';
  path: (string | number)[];
  message: string;
}

export type CompileAuthResult =
  | { ok: true; auth: CompiledAuth; secrets: string[] }
  | { ok: false; problems: AuthProblem[] };

function template(text: string, key: string): TextTemplate | AuthProblem {
  const compiled = compileTemplate(text);
  if ('problem' in compiled) {
    return {
      code: 'AUTH_POLICY_INVALID',
      path: ['auth', 'policy', key],
      message: compiled.problem,
    };
  }
  return compiled.parts;
}

function isProblem(value: TextTemplate | AuthProblem): value is AuthProblem {
  return !Array.isArray(value);
}

/** Validates an `auth` block against its plugin at definition time (unknown plugin: error). */
export function compileAuth(block: AuthBlock): CompileAuthResult {
  if (!(AUTH_PLUGIN_NAMES as readonly string[]).includes(block.plugin)) {
    return {
      ok: false,
      problems: [
        {
          code: 'AUTH_PLUGIN_UNKNOWN',
          path: ['auth', 'plugin'],
          message: `unknown auth plugin '${block.plugin}' (known: ${AUTH_PLUGIN_NAMES.join(', ')})`,
        },
      ],
    };
  }
  const plugin = block.plugin as AuthPluginName;
  const parsed = AUTH_POLICY_PARAMS[plugin].safeParse(block.policy);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => ({
        code: 'AUTH_POLICY_INVALID',
        path: ['auth', 'policy', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
        message: `${plugin}: ${issue.message}`,
      })),
    };
  }
  switch (plugin) {
    case 'allow_all':
      return { ok: true, auth: { plugin }, secrets: [] };
    case 'api_key': {
      const policy = parsed.data as z.output<(typeof AUTH_POLICY_PARAMS)['api_key']>;
      const value = template(policy.value, 'value');
      if (isProblem(value)) return { ok: false, problems: [value] };
      const auth = {
        plugin,
        header: (policy.header ?? DEFAULT_AUTH_HEADERS.api_key).toLowerCase(),
        value,
      };
      return { ok: true, auth, secrets: templateSecrets(value) };
    }
    case 'jwt':
      return compileJwt(parsed.data as z.output<(typeof AUTH_POLICY_PARAMS)['jwt']>);
    case 'token_scopes': {
      const policy = parsed.data as z.output<(typeof AUTH_POLICY_PARAMS)['token_scopes']>;
      return { ok: true, auth: { plugin, scopes: policy.scopes }, secrets: [] };
    }
    case 'script': {
      const policy = parsed.data as z.output<(typeof AUTH_POLICY_PARAMS)['script']>;
      return { ok: true, auth: { plugin, script: policy.script }, secrets: [] };
    }
  }
}

function compileJwt(policy: z.output<(typeof AUTH_POLICY_PARAMS)['jwt']>): CompileAuthResult {
  const secret = policy.secret === undefined ? undefined : template(policy.secret, 'secret');
  if (secret !== undefined && isProblem(secret)) return { ok: false, problems: [secret] };
  const allowed = secret === undefined ? ASYMMETRIC_ALGORITHMS : HMAC_ALGORITHMS;
  const algorithms =
    policy.algorithms ?? (secret === undefined ? ASYMMETRIC_ALGORITHMS : ['HS256']);
  const wrong = algorithms.filter((alg) => !allowed.includes(alg));
  if (wrong.length > 0 || algorithms.length === 0) {
    return {
      ok: false,
      problems: [
        {
          code: 'AUTH_POLICY_INVALID',
          path: ['auth', 'policy', 'algorithms'],
          message: `jwt: with ${secret === undefined ? 'jwks_url' : 'secret'} the algorithms must be among ${allowed.join(', ')}`,
        },
      ],
    };
  }
  return {
    ok: true,
    auth: {
      plugin: 'jwt',
      header: (policy.header ?? DEFAULT_AUTH_HEADERS.jwt).toLowerCase(),
      key:
        secret === undefined ? { kind: 'jwks', url: policy.jwks_url! } : { kind: 'secret', secret },
      issuer: policy.issuer,
      audience: policy.audience,
      algorithms,
      clockToleranceSeconds: policy.clock_tolerance ?? 5,
      requiredClaims: policy.required_claims ?? [],
    },
    secrets: secret === undefined ? [] : templateSecrets(secret),
  };
}
