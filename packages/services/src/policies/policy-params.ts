import { z } from 'zod';

/**
 * The parameters of each built-in auth plugin, as the dashboard's forms post them. They mirror
 * packages/pipeline's compile-time schemas (which the runtime applies again when it loads a
 * policy), so a bad policy is refused on save with field errors instead of denying every call.
 */
const header = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,64}$/, 'Use an HTTP header name, e.g. X-Api-Key.');
const list = z.array(z.string().trim().min(1)).max(100);

export const POLICY_PARAMS = {
  allow_all: z.strictObject({}),
  api_key: z.strictObject({
    value: z.string().min(1, 'Enter the key callers must send.'),
    header: header.optional(),
  }),
  jwt: z
    .strictObject({
      header: header.optional(),
      secret: z.string().min(1).optional(),
      jwks_url: z.url({ protocol: /^https?$/, message: 'Enter an http(s) URL.' }).optional(),
      issuer: z.string().trim().min(1).optional(),
      audience: list.optional(),
      algorithms: list.optional(),
      clock_tolerance: z.number().int().min(0).max(3600).optional(),
      required_claims: list.optional(),
    })
    .refine((p) => (p.secret === undefined) !== (p.jwks_url === undefined), {
      path: ['secret'],
      message: 'Set exactly one of an HS256 secret and a JWKS URL.',
    }),
  token_scopes: z.strictObject({ scopes: list.min(1, 'Name at least one scope.') }),
  script: z.strictObject({}),
} as const;

export type PolicyPlugin = keyof typeof POLICY_PARAMS;

/** Parameter names whose values are credentials: write-only, redacted in the audit log. */
export const SECRET_PARAMS = new Set(['value', 'secret']);

export function redactParams(params: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((params ?? {}) as Record<string, unknown>))
    out[key] = SECRET_PARAMS.has(key) ? '[redacted]' : value;
  return out;
}
