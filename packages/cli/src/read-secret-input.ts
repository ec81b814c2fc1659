import { CliError, EXIT_USAGE } from './cli-error';

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
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
 * every user of the machine in `ps` and lands in shell history.
 */
export async function readSecretInput(what: string, example: string): Promise<string> {
  if (process.stdin.isTTY) {
    const value = await promptHidden(`${what}: `);
    if (!value) throw new CliError(`No ${what.toLowerCase()} entered.`, EXIT_USAGE);
    return value;
  }
  const value = (await readAll(process.stdin)).replace(/\r?\n$/, '');
  if (!value)
    throw new CliError(
      `Nothing on standard input: pipe the ${what.toLowerCase()} in.`,
      EXIT_USAGE,
      `For example: ${example}`,
    );
  return value;
}
