import {
  databaseEnv,
  decodeKey,
  masterKeyEnv,
  modeEnv,
  networkPolicyEnv,
  parseEnv,
  redisEnv,
  runtimeListenEnv,
  runtimeSigningKeyEnv,
} from '@toolplane/env';
import { z } from 'zod';

const list = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  );

// The runtime's own settings, beside the shared fragments.
const runtimeEnv = z.object({
  /** The previous master key while a rotation is under way (it can still unwrap data keys). */
  TOOLPLANE_PREVIOUS_MASTER_KEY: z
    .string()
    .refine((value) => decodeKey(value)?.length === 32, 'must be 32 random bytes, base64')
    .optional(),
  /** Host names the runtime answers to besides loopback (DNS-rebinding protection). */
  RUNTIME_ALLOWED_HOSTS: list,
  /** Browser origins allowed to call the MCP endpoint (CORS), e.g. the dashboard's. */
  RUNTIME_ALLOWED_ORIGINS: list,
  /** Largest request body accepted, in bytes (a workspace may set less). */
  RUNTIME_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  /** In-memory result cache budget (used when REDIS_URL is unset), in bytes. */
  RUNTIME_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024 * 1024),
  /** Invocation log queue bound: beyond it the oldest entries are dropped (and counted). */
  RUNTIME_INVOCATION_QUEUE_SIZE: z.coerce.number().int().min(1).default(10_000),
  /**
   * `off` stops writing the invocation log (calls still count in /metrics). For measuring what
   * the log costs (bench/runtime); production keeps it on.
   */
  RUNTIME_INVOCATION_LOG: z.enum(['on', 'off']).default('on'),
  /**
   * Tools per `tools/list` page (MCP leaves it to the server; clients follow nextCursor). 250
   * walked a 1,000-tool workspace fastest in bench/runtime: 100 costs more round trips, 500 and
   * 1,000 (150–300 kB pages) cost more than they save in socket buffering and client parsing.
   */
  RUNTIME_TOOLS_PAGE_SIZE: z.coerce.number().int().min(1).max(10_000).default(250),
  /** Connections per workspace+connector pool in this replica (a connector's poolSize may lower it). */
  RUNTIME_TENANT_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
});

// The standard OpenTelemetry variables the runtime looks at to decide whether to start the SDK
// (which then reads all OTEL_* itself). Tracing is on when an exporter or endpoint is named.
const otelEnv = z.object({
  OTEL_SDK_DISABLED: z.string().optional(),
  OTEL_TRACES_EXPORTER: z.string().optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().optional(),
});

// The runtime's whole configuration. This is the only file of the app that reads process.env.
export const runtimeEnvSchema = z.object({
  ...databaseEnv.shape,
  ...masterKeyEnv.shape,
  ...runtimeSigningKeyEnv.shape,
  ...redisEnv.shape,
  ...runtimeListenEnv.shape,
  ...modeEnv.shape,
  ...networkPolicyEnv.shape,
  ...runtimeEnv.shape,
  ...otelEnv.shape,
});

export type RuntimeEnv = z.infer<typeof runtimeEnvSchema> & {
  /** TOOLPLANE_ALLOW_PRIVATE_NETWORKS resolved: unset means allowed unless in production. */
  allowPrivateNetworks: boolean;
  /** Whether the OTEL_* variables ask for traces to be exported. */
  telemetryEnabled: boolean;
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
    telemetryEnabled:
      env.OTEL_SDK_DISABLED !== 'true' &&
      env.OTEL_TRACES_EXPORTER !== 'none' &&
      Boolean(
        env.OTEL_TRACES_EXPORTER ||
          env.OTEL_EXPORTER_OTLP_ENDPOINT ||
          env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
      ),
  };
}
