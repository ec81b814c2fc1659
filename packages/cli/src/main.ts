import { CommanderError } from 'commander';
import { readCliEnv } from './cli-env';
import { EXIT_USAGE } from './cli-error';
import { createProgram } from './create-program';
import { formatError } from './format-error';

const env = readCliEnv();
const program = createProgram(env);
try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Commander has printed the message (or the help) already.
    process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
  } else {
    const formatted = formatError(error, env.debug);
    process.stderr.write(
      program.opts().json
        ? `${JSON.stringify(formatted.json)}\n`
        : `${formatted.lines.join('\n')}\n`,
    );
    process.exitCode = formatted.exitCode;
  }
}
