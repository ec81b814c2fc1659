import { z } from 'zod';
import type { AuthBlock } from '../definition/tool-definition-schema';
import { compileTemplate, type TextTemplate, templateSecrets } from '../template/compile-template';
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

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
// Hyperterse policies are string maps: lists may be comma-separated, numbers may be strings.
const list = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(','))
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  );
const header = z.string().regex(HEADER_NAME, 'must be an HTTP header name');
const seconds = z
  .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().min(0).max(3600));

const POLICY_SCHEMAS = {
  allow_all: z.strictObject({}),
  api_key: z.strictObject({ value: z.string().min(1), header: header.optional() }),
  jwt: z
    .strictObject({
      header: header.optional(),
      secret: z.string().min(1).optional(),
      jwks_url: z.url({ protocol: /^https?$/ }).optional(),
      issuer: z.string().min(1).optional(),
      audience: list.optional(),
      algorithms: list.optional(),
      clock_tolerance: seconds.optional(),
      required_claims: list.optional(),
    })
    .refine((p) => (p.secret === undefined) !== (p.jwks_url === undefined), {
      message: 'set exactly one of secret (HS256) and jwks_url',
    }),
  token_scopes: z.strictObject({ scopes: list.pipe(z.array(z.string()).min(1)) }),
  script: z.strictObject({ script: z.string().trim().min(1).max(500) }),
} satisfies Record<AuthPluginName, z.ZodType>;

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
  const parsed = POLICY_SCHEMAS[plugin].safeParse(block.policy);
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
      const policy = parsed.data as z.output<(typeof POLICY_SCHEMAS)['api_key']>;
      const value = template(policy.value, 'value');
      if (isProblem(value)) return { ok: false, problems: [value] };
      const auth = { plugin, header: (policy.header ?? 'X-API-Key').toLowerCase(), value };
      return { ok: true, auth, secrets: templateSecrets(value) };
    }
    case 'jwt':
      return compileJwt(parsed.data as z.output<(typeof POLICY_SCHEMAS)['jwt']>);
    case 'token_scopes': {
      const policy = parsed.data as z.output<(typeof POLICY_SCHEMAS)['token_scopes']>;
      return { ok: true, auth: { plugin, scopes: policy.scopes }, secrets: [] };
    }
    case 'script': {
      const policy = parsed.data as z.output<(typeof POLICY_SCHEMAS)['script']>;
      return { ok: true, auth: { plugin, script: policy.script }, secrets: [] };
    }
  }
}

function compileJwt(policy: z.output<(typeof POLICY_SCHEMAS)['jwt']>): CompileAuthResult {
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
      header: (policy.header ?? 'X-Client-Authorization').toLowerCase(),
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
