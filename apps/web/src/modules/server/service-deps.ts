import { parseMasterKey } from '@toolplane/crypto';
import { createDb, createKeyring } from '@toolplane/db';
import { decodeKey } from '@toolplane/env';
import { createNetworkPolicy, createSmtpMailer, type ServiceDeps } from '@toolplane/services';
import { getEnv } from '../../env';
import { devOutbox } from './dev-outbox';

let deps: ServiceDeps | undefined;

/**
 * The service layer's resources, built once per server process from the validated environment.
 * Mail goes through SMTP when SMTP_URL and SMTP_FROM are set, else to the development outbox
 * (/dev/outbox).
 */
export function getServiceDeps(): ServiceDeps {
  if (deps) return deps;
  const env = getEnv();
  const production = env.TOOLPLANE_MODE === 'production';
  deps = {
    db: createDb({ databaseUrl: env.DATABASE_URL, applicationName: 'toolplane-web' }),
    keyring: createKeyring([parseMasterKey(env.TOOLPLANE_MASTER_KEY)]),
    runtimeSigningKey: decodeKey(env.TOOLPLANE_RUNTIME_SIGNING_KEY) ?? new Uint8Array(),
    runtimeUrl: env.TOOLPLANE_RUNTIME_URL,
    networkPolicy: createNetworkPolicy({
      allowPrivateNetworks: env.TOOLPLANE_ALLOW_PRIVATE_NETWORKS ?? !production,
      databaseUrl: env.DATABASE_URL,
      redisUrl: env.REDIS_URL,
    }),
    mailer:
      env.SMTP_URL && env.SMTP_FROM
        ? createSmtpMailer({ url: env.SMTP_URL, from: env.SMTP_FROM })
        : devOutbox,
  };
  return deps;
}
