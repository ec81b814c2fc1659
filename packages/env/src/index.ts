export { EnvError } from './env-error';
export {
  authSecretEnv,
  databaseEnv,
  decodeKey,
  masterKeyEnv,
  modeEnv,
  networkPolicyEnv,
  redisEnv,
  runtimeListenEnv,
  runtimeSigningKeyEnv,
  webListenEnv,
} from './fragments';
export { parseEnv } from './parse-env';
