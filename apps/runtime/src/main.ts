import type { AddressInfo } from 'node:net';
import { EnvError } from '@toolplane/env';
import { createReadinessCheck } from './create-readiness-check';
import { createReadinessPool } from './create-readiness-pool';
import { loadRuntimeEnv, type RuntimeEnv } from './env';
import { createLogger } from './logger';
import { createServer } from './server';
import { shutdownOnSignals } from './shutdown-on-signals';

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

const pool = createReadinessPool(env.DATABASE_URL, logger);
const readiness = createReadinessCheck({ pool, databaseUrl: env.DATABASE_URL, logger });
const server = createServer({ logger, readiness });

server.once('error', (error: NodeJS.ErrnoException) => {
  const where = `${env.RUNTIME_HOST}:${env.RUNTIME_PORT}`;
  if (error.code === 'EADDRINUSE') {
    fail(`port ${env.RUNTIME_PORT} is already in use (${where}); free it or set RUNTIME_PORT`);
  }
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
    fail(`cannot listen on ${where}: no such local address; check RUNTIME_HOST`);
  }
  if (error.code === 'EACCES') {
    fail(`not allowed to listen on ${where}; set RUNTIME_PORT to a port above 1023`);
  }
  fail(`cannot listen on ${where}: ${error.message}`);
});

server.listen(env.RUNTIME_PORT, env.RUNTIME_HOST, () => {
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  logger.info('runtime listening', { url: `http://${host}:${port}`, mode: env.TOOLPLANE_MODE });
  shutdownOnSignals({ server, pool, readiness, logger });
});
