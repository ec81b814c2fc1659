import { spawn } from 'node:child_process';
import { LauncherError } from './launcher-error';

/** Runs a command to completion with inherited output; a non-zero exit is a LauncherError. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: 'inherit',
    });
    child.once('error', (error) =>
      reject(new LauncherError(`Could not run ${args[0] ?? command}: ${error.message}`)),
    );
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new LauncherError(
            `${[command, ...args].map((a) => a.split('/').pop()).join(' ')} failed (${signal ?? `exit code ${code}`}); see the output above.`,
          ),
        );
    });
  });
}
