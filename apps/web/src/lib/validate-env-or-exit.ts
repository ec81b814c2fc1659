import { EnvError } from '@toolplane/env';
import { getEnv } from '../env';

/**
 * Validates the environment once, at server start. A bad variable stops the process with the
 * list of problems and a failing exit code: throwing instead would only print a stack trace
 * from inside Next and leave a half-started server.
 */
export function validateEnvOrExit(): void {
  try {
    getEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(`toolplane-web: ${error.message}`);
    process.exit(1);
  }
}
