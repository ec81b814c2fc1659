import { decodeKey, EnvError } from '@toolplane/env';
import { loadRuntimeEnv, type RuntimeEnv } from './env';
import { createLogger } from './logger';
import type { Telemetry } from './telemetry/start-telemetry';

/** A start-up failure the operator can fix: one line on stderr, no stack, exit 1. */
function fail(message: string): never {
  process.stderr.write(`toolplane-runtime: ${message}\n`);
  process.exit(1);
}

let env: RuntimeEnv;
try {
  env = loadRuntimeEnv();
} catch (error) {
  if (error instanceof EnvError) fail(error.message);
  throw error;
}

const logger = createLogger({ level: env.LOG_LEVEL });
process.on('uncaughtException', (error) => {
  logger.error('uncaught exception', { error });
  process.exit(1);
});
process.on('unhandledRejection', (error) => {
  logger.error('unhandled rejection', { error });
  process.exit(1);
});

// OpenTelemetry first, before the runtime's modules and services exist (no-op unless OTEL_* asks).
let telemetry: Telemetry | undefined;
if (env.telemetryEnabled) {
  const { startTelemetry } = await import('./telemetry/start-telemetry');
  telemetry = startTelemetry();
  logger.info('opentelemetry started');
}
const { startRuntime } = await import('./start-runtime');
const { shutdownOnSignals } = await import('./shutdown-on-signals');

const where = `${env.RUNTIME_HOST}:${env.RUNTIME_PORT}`;
const SANDBOX_FAILURE_GRACE_MS = 30_000;
let restartScheduled = false;
try {
  const runtime = await startRuntime({
    databaseUrl: env.DATABASE_URL,
    masterKeys: [
      env.TOOLPLANE_MASTER_KEY,
      ...(env.TOOLPLANE_PREVIOUS_MASTER_KEY ? [env.TOOLPLANE_PREVIOUS_MASTER_KEY] : []),
    ],
    signingKey: decodeKey(env.TOOLPLANE_RUNTIME_SIGNING_KEY)!,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    host: env.RUNTIME_HOST,
    port: env.RUNTIME_PORT,
    allowPrivateNetworks: env.allowPrivateNetworks,
    allowedHosts: env.RUNTIME_ALLOWED_HOSTS,
    allowedOrigins: env.RUNTIME_ALLOWED_ORIGINS,
    maxBodyBytes: env.RUNTIME_MAX_BODY_BYTES,
    memoryCacheBytes: env.RUNTIME_CACHE_MAX_BYTES,
    invocationQueueSize: env.RUNTIME_INVOCATION_QUEUE_SIZE,
    invocationLog: env.RUNTIME_INVOCATION_LOG === 'on',
    pageSize: env.RUNTIME_TOOLS_PAGE_SIZE,
    tenantPoolSize: env.RUNTIME_TENANT_POOL_SIZE,
    tracing: telemetry !== undefined,
    logger,
    // isolated-vm asks for a process restart after a catastrophic error: keep serving what
    // arrives while load balancers see /readyz 503, then drain and exit non-zero.
    onSandboxFailure: () => {
      if (restartScheduled) return;
      restartScheduled = true;
      setTimeout(() => {
        void runtime
          .close()
          .catch(() => undefined)
          .finally(() => process.exit(1));
      }, SANDBOX_FAILURE_GRACE_MS).unref();
    },
  });
  logger.info('runtime listening', { url: runtime.url, mode: env.TOOLPLANE_MODE });
  shutdownOnSignals({ runtime, logger, telemetry });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    fail(`port ${env.RUNTIME_PORT} is already in use (${where}); free it or set RUNTIME_PORT`);
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    fail(`cannot listen on ${where}: no such local address; check RUNTIME_HOST`);
  }
  if (code === 'EACCES')
    fail(`not allowed to listen on ${where}; set RUNTIME_PORT to a port above 1023`);
  fail(`cannot start on ${where}: ${(error as Error).message}`);
}
