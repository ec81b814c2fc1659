/** Exit status: 1 when the operation failed, 2 when the command line itself was wrong. */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A failure the CLI explains itself: printed as `error: <message>`, never with a stack. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILURE,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
