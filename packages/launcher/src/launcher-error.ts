/** An expected failure of the launcher: printed as one clear message, never with a stack. */
export class LauncherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LauncherError';
  }
}
