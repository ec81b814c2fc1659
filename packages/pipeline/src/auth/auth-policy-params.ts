import { z } from 'zod';
import type { AuthPluginName } from './compiled-auth';

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
// Hyperterse policies are string maps: lists may be comma-separated, numbers may be strings.
const list = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(','))
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  );
const header = z.string().regex(HEADER_NAME, 'must be an HTTP header name, e.g. X-API-Key');
const seconds = z
  .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().min(0).max(3600, 'must be at most 3600 seconds'));

/**
 * The parameters (`auth.policy`) of each built-in plugin. The one definition: compile applies it
 * to every tool's auth block, and the control plane checks a saved policy with it so a bad policy
 * is refused with field errors instead of denying every call. Browser-safe (the policy form).
 * `script`'s parameter is the reference the runtime derives from a stored policy's script.
 */
export const AUTH_POLICY_PARAMS = {
  allow_all: z.strictObject({}),
  api_key: z.strictObject({
    value: z.string().min(1, 'enter the key callers must send'),
    header: header.optional(),
  }),
  jwt: z
    .strictObject({
      header: header.optional(),
      secret: z.string().min(1).optional(),
      jwks_url: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
      issuer: z.string().min(1).optional(),
      audience: list.optional(),
      algorithms: list.optional(),
      clock_tolerance: seconds.optional(),
      required_claims: list.optional(),
    })
    .refine((p) => (p.secret === undefined) !== (p.jwks_url === undefined), {
      path: ['secret'],
      message: 'set exactly one of secret (HS256) and jwks_url',
    }),
  token_scopes: z.strictObject({
    scopes: list.pipe(z.array(z.string()).min(1, 'name at least one scope')),
  }),
  script: z.strictObject({ script: z.string().trim().min(1).max(500) }),
} satisfies Record<AuthPluginName, z.ZodType>;

/** The request header each header-reading plugin uses when its policy names none. */
export const DEFAULT_AUTH_HEADERS = {
  api_key: 'X-API-Key',
  jwt: 'X-Client-Authorization',
} as const;

/**
 * The request headers a policy reads, as callers should send them: what the playground asks
 * for. Script policies may read any header, so they have none to name.
 */
export function authPolicyHeaders(plugin: string, params: unknown): string[] {
  if (plugin !== 'api_key' && plugin !== 'jwt') return [];
  const named = (params as { header?: unknown } | null)?.header;
  return [typeof named === 'string' && named.trim() ? named.trim() : DEFAULT_AUTH_HEADERS[plugin]];
}
