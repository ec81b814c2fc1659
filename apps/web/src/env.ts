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
export const webEnvSchema = z.object({
  ...databaseEnv.shape,
  ...masterKeyEnv.shape,
  ...authSecretEnv.shape,
  ...runtimeSigningKeyEnv.shape,
  ...redisEnv.shape,
  ...webListenEnv.shape,
  ...modeEnv.shape,
  ...networkPolicyEnv.shape,
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
