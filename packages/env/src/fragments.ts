import { z } from 'zod';

// Env fragments: each app composes the ones it needs into one schema and validates it once at
// start-up (parseEnv). Packages never read process.env themselves.

const postgresUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}, 'must be a postgres:// or postgresql:// URL with a host');

/** 32 random bytes, base64 or base64url encoded (44 or 43 characters). */
const key32 = z.string().refine((value) => decodeKey(value)?.length === 32, {
  message:
    'must be 32 random bytes encoded as base64 (generate one with `openssl rand -base64 32`)',
});

export function decodeKey(value: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return new Uint8Array(bytes);
}

const port = z.coerce.number().int().min(1).max(65535);
const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

export const modeEnv = z.object({
  TOOLPLANE_MODE: z.enum(['development', 'production']).default('development'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
});

export const databaseEnv = z.object({ DATABASE_URL: postgresUrl });

export const masterKeyEnv = z.object({ TOOLPLANE_MASTER_KEY: key32 });

export const authSecretEnv = z.object({
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters'),
});

export const runtimeSigningKeyEnv = z.object({ TOOLPLANE_RUNTIME_SIGNING_KEY: key32 });

export const redisEnv = z.object({
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_PREFIX: z.string().min(1).default('tp:'),
});

export const networkPolicyEnv = z.object({
  // Loopback and private ranges are reachable for local development and tests; a hosted
  // deployment turns them off (DESIGN §4). Unset: on unless TOOLPLANE_MODE=production.
  TOOLPLANE_ALLOW_PRIVATE_NETWORKS: bool.optional(),
});

export const runtimeListenEnv = z.object({
  RUNTIME_HOST: z.string().min(1).default('127.0.0.1'),
  RUNTIME_PORT: port.default(4000),
});

export const webListenEnv = z.object({
  PORT: port.default(3000),
  TOOLPLANE_RUNTIME_URL: z.url('must be an absolute URL').default('http://127.0.0.1:4000'),
});
