import {
  authSecretEnv,
  databaseEnv,
  masterKeyEnv,
  modeEnv,
  networkPolicyEnv,
  parseEnv,
  redisEnv,
  runtimeSigningKeyEnv,
  webListenEnv,
} from '@toolplane/env';
import { z } from 'zod';

/**
 * Everything the dashboard reads from its environment. The app never generates a key: the
 * `npm start` launcher (or the deployment) provides them, and a missing one stops the server.
 */
const optionalText = z.string().trim().min(1).max(500).optional();

/** Sign-in providers beside email and password; each is on only when all its variables are set. */
const oauthEnv = z.object({
  AUTH_GITHUB_ID: optionalText,
  AUTH_GITHUB_SECRET: optionalText,
  AUTH_GOOGLE_ID: optionalText,
  AUTH_GOOGLE_SECRET: optionalText,
  AUTH_OIDC_ISSUER: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/, 'must be an http:// or https:// URL')
    .optional(),
  AUTH_OIDC_ID: optionalText,
  AUTH_OIDC_SECRET: optionalText,
  AUTH_OIDC_NAME: z.string().trim().min(1).max(60, 'must be at most 60 characters').optional(),
});

/** Outgoing mail (password reset); unset: the development outbox at /dev/outbox. */
const smtpEnv = z.object({
  /** The dashboard's public URL (Auth.js reads it too); emailed links start with it. */
  AUTH_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+/, 'must be an http:// or https:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s/]+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().trim().min(3).max(320).optional(),
});

/** Variables that only work together: setting part of a group is a mistake worth stopping for. */
const GROUPS: readonly (readonly string[])[] = [
  ['AUTH_GITHUB_ID', 'AUTH_GITHUB_SECRET'],
  ['AUTH_GOOGLE_ID', 'AUTH_GOOGLE_SECRET'],
  ['AUTH_OIDC_ISSUER', 'AUTH_OIDC_ID', 'AUTH_OIDC_SECRET'],
  ['SMTP_URL', 'SMTP_FROM'],
];

export const webEnvSchema = z
  .object({
    ...databaseEnv.shape,
    ...masterKeyEnv.shape,
    ...authSecretEnv.shape,
    ...runtimeSigningKeyEnv.shape,
    ...redisEnv.shape,
    ...webListenEnv.shape,
    ...modeEnv.shape,
    ...networkPolicyEnv.shape,
    ...oauthEnv.shape,
    ...smtpEnv.shape,
  })
  .superRefine((env, ctx) => {
    const values = env as Record<string, unknown>;
    for (const group of GROUPS) {
      const set = group.filter((name) => values[name] !== undefined);
      if (set.length === 0 || set.length === group.length) continue;
      for (const name of group) {
        if (values[name] === undefined)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `must be set together with ${set.join(', ')}`,
          });
      }
    }
    if (env.AUTH_OIDC_NAME !== undefined && env.AUTH_OIDC_ISSUER === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_OIDC_NAME'],
        message: 'needs AUTH_OIDC_ISSUER, AUTH_OIDC_ID and AUTH_OIDC_SECRET',
      });
    if (env.AUTH_OIDC_ISSUER?.startsWith('http://') && env.TOOLPLANE_MODE !== 'development')
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_OIDC_ISSUER'],
        message: 'must be an https:// URL (http is allowed only when TOOLPLANE_MODE=development)',
      });
  });

export type WebEnv = z.infer<typeof webEnvSchema>;

/** Validates `source` against the web schema; throws an EnvError naming every bad variable. */
export function parseWebEnv(source: Record<string, string | undefined>): WebEnv {
  return parseEnv(webEnvSchema, source);
}

let validated: WebEnv | undefined;

/**
 * The validated environment. `src/instrumentation.ts` calls this once at server start, so a bad
 * variable stops `next start` before the first request; later calls return the parsed value.
 * (Next may load this module once per server bundle; each copy parses the same env the same way.)
 */
export function getEnv(): WebEnv {
  validated ??= parseWebEnv(process.env);
  return validated;
}
