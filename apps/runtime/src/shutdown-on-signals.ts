import type { Server } from 'node:http';
import type pg from 'pg';
import type { ReadinessCheck } from './create-readiness-check';
import type { Logger } from './logger';

// In-flight requests get this long to finish before their connections are cut.
const DRAIN_TIMEOUT_MS = 10_000;

/**
 * SIGTERM/SIGINT: /readyz answers "draining", the server stops accepting connections, idle
 * keep-alive connections close, in-flight requests finish (up to DRAIN_TIMEOUT_MS), then the
 * pool closes and the process exits 0. A second signal cuts remaining connections at once.
 */
export function shutdownOnSignals(deps: {
  server: Server;
  pool: pg.Pool;
  readiness: ReadinessCheck;
  logger: Logger;
}): void {
  const { server, pool, readiness, logger } = deps;
  let stopping = false;

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn('second signal: closing open connections', { signal });
      server.closeAllConnections();
      return;
    }
    stopping = true;
    logger.info('runtime draining', { signal });
    readiness.startDraining();
    const force = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
    force.unref();
    server.close(async () => {
      clearTimeout(force);
      try {
        await pool.end();
      } catch (error) {
        logger.warn('closing the readiness pool failed', { error });
      }
      logger.info('runtime stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };

  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
