import type { Logger } from './logger';
import type { RunningRuntime } from './start-runtime';
import type { Telemetry } from './telemetry/start-telemetry';

/**
 * SIGTERM/SIGINT: /readyz answers "draining", the server stops accepting connections, in-flight
 * requests finish (up to the drain timeout), then pools close and the process exits 0. A second
 * signal exits at once.
 */
export function shutdownOnSignals(deps: {
  runtime: RunningRuntime;
  logger: Logger;
  telemetry?: Telemetry | undefined;
}): void {
  const { runtime, logger } = deps;
  let stopping = false;

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn('second signal: exiting now', { signal });
      process.exit(1);
    }
    stopping = true;
    logger.info('runtime draining', { signal });
    runtime
      .close()
      .then(() => deps.telemetry?.shutdown())
      .catch((error) => logger.warn('shutdown was not clean', { error }))
      .finally(() => {
        logger.info('runtime stopped');
        process.exit(0);
      });
  };

  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
