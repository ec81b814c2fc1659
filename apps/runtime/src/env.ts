import {
  databaseEnv,
  masterKeyEnv,
  modeEnv,
  networkPolicyEnv,
  parseEnv,
  redisEnv,
  runtimeListenEnv,
  runtimeSigningKeyEnv,
} from '@toolplane/env';
import { z } from 'zod';

// The runtime's whole configuration. This is the only file of the app that reads process.env.
export const runtimeEnvSchema = z.object({
  ...databaseEnv.shape,
  ...masterKeyEnv.shape,
  ...runtimeSigningKeyEnv.shape,
  ...redisEnv.shape,
  ...runtimeListenEnv.shape,
  ...modeEnv.shape,
  ...networkPolicyEnv.shape,
});

export type RuntimeEnv = z.infer<typeof runtimeEnvSchema> & {
  /** TOOLPLANE_ALLOW_PRIVATE_NETWORKS resolved: unset means allowed unless in production. */
  allowPrivateNetworks: boolean;
};

/** Validates the environment once; throws EnvError naming every missing or malformed variable. */
export function loadRuntimeEnv(
  source: Record<string, string | undefined> = process.env,
): RuntimeEnv {
  const env = parseEnv(runtimeEnvSchema, source);
  return {
    ...env,
    allowPrivateNetworks:
      env.TOOLPLANE_ALLOW_PRIVATE_NETWORKS ?? env.TOOLPLANE_MODE !== 'production',
  };
}
