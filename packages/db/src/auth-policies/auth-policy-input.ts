import { z } from 'zod';
import type { JsonValue } from '../json';

export const authPolicyInputSchema = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/, 'use up to 64 letters, digits, _ . or -'),
    description: z.string().max(2000).default(''),
    plugin: z.enum(['allow_all', 'api_key', 'jwt', 'token_scopes', 'script']),
    params: z.record(z.string(), z.unknown()).default({}),
    scriptSource: z
      .string()
      .max(512 * 1024)
      .nullable()
      .default(null),
    scriptExport: z
      .string()
      .regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/)
      .nullable()
      .default(null),
  })
  .strict()
  .superRefine((policy, ctx) => {
    if (policy.plugin === 'script' && !policy.scriptSource?.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['scriptSource'],
        message: 'a script policy needs a script',
      });
    }
  });

export type AuthPolicyInput = Omit<z.input<typeof authPolicyInputSchema>, 'params'> & {
  params?: Record<string, JsonValue>;
};
