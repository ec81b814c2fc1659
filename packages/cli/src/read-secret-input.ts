import { CliError, EXIT_USAGE } from './cli-error';

/**
 * How long a piped stdin may stay silent before we stop waiting. A pipe that is open but never
 * written (a parent process or CI runner handing down its own stdin) would otherwise hang the
 * command forever; a real pipe (`printf … |`, `< file`) delivers within milliseconds, and a slow
 * writer resets the clock with every chunk.
 */
const STDIN_QUIET_MS = 3_000;

interface PipedInput {
  text: string;
  /** False when the quiet period ran out before end-of-file. */
  complete: boolean;
}

/** Reads stdin to end-of-file, or until it has been silent for `quietMs`. */
function readPipedInput(input: NodeJS.ReadStream, quietMs: number): Promise<PipedInput> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    const stop = () => {
      clearTimeout(timer);
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', onError);
    };
    const onData = (chunk: Buffer | string) => {
      chunks.push(Buffer.from(chunk));
      arm();
    };
    const onEnd = () => {
      stop();
      resolve({ text: Buffer.concat(chunks).toString('utf8'), complete: true });
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        stop();
        // Releases the still-open pipe, else its handle keeps the process alive after the error.
        input.destroy();
        resolve({ text: Buffer.concat(chunks).toString('utf8'), complete: false });
      }, quietMs);
    };
    input.on('data', onData);
    input.on('end', onEnd);
    input.on('error', onError);
    arm();
  });
}

/** Asks on the terminal without echoing what is typed (nothing lands in scrollback). */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  const output = process.stderr;
  output.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: CliError) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      output.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u0003') return finish(new CliError('Cancelled.', 130));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    input.on('data', onData);
  });
}

/**
 * A secret value: typed at a hidden prompt when stdin is a terminal, else the whole of stdin
 * (one trailing newline dropped, as `echo` adds one). Never an argument: argv is visible to
 * every user of the machine in `ps` and lands in shell history. The one reader for every command
 * that takes a secret (`login`, `secrets set`).
 */
export async function readSecretInput(what: string, example: string): Promise<string> {
  if (process.stdin.isTTY) {
    const value = await promptHidden(`${what}: `);
    if (!value) throw new CliError(`No ${what.toLowerCase()} entered.`, EXIT_USAGE);
    return value;
  }
  const hint = `For example: ${example}`;
  const piped = await readPipedInput(process.stdin, STDIN_QUIET_MS);
  const seconds = `${STDIN_QUIET_MS / 1000} s`;
  if (!piped.complete && !piped.text)
    throw new CliError(
      `No ${what.toLowerCase()} on standard input after ${seconds}: pipe it in, or run the command at a terminal to type it.`,
      EXIT_USAGE,
      hint,
    );
  // Half a value is worse than none: a truncated secret would be saved without complaint.
  if (!piped.complete)
    throw new CliError(
      `Standard input went quiet for ${seconds} without being closed: close it after the ${what.toLowerCase()} so it is known to be complete.`,
      EXIT_USAGE,
      hint,
    );
  const value = piped.text.replace(/\r?\n$/, '');
  if (!value)
    throw new CliError(
      `Nothing on standard input: pipe the ${what.toLowerCase()} in.`,
      EXIT_USAGE,
      hint,
    );
  return value;
}
