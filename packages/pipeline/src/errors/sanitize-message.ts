const MAX_MESSAGE_LENGTH = 1000;
// Shorter secret values would mangle ordinary words if scrubbed; they are still never logged.
const MIN_SCRUBBED_SECRET_LENGTH = 3;
const STACK_LINE = /^\s*at\s.+$/;
const DB_URL =
  /\b(?:postgres(?:ql)?|mysql|mariadb|redis|rediss|mongodb(?:\+srv)?|sqlite|jdbc:[a-z]+):\/\/[^\s'"<>]+/gi;
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@'"<>]+@/gi;
const FILE_URL = /\bfile:\/\/\/?[^\s'"<>]+/gi;
const UNIX_PATH = /(^|[\s('"=:,[])(?:\/[\w.@+-]+){2,}\/?/g;
const WINDOWS_PATH = /\b[A-Za-z]:\\[^\s'"<>]+/g;

/** Reads the message of anything thrown, without its stack or other properties. */
export function messageOf(thrown: unknown): string {
  if (typeof thrown === 'string') return thrown;
  if (thrown !== null && typeof thrown === 'object' && 'message' in thrown) {
    const { message } = thrown as { message: unknown };
    if (typeof message === 'string') return message;
  }
  return '';
}

/**
 * Makes a message from a script, connector or plugin safe for a caller: stack frames, file
 * paths, connection strings and URL credentials are removed and the secret values the call used
 * are replaced by `[redacted]`.
 */
export function sanitizeMessage(thrown: unknown, secretValues: readonly string[] = []): string {
  let text = messageOf(thrown);
  for (const secret of [...secretValues].sort((a, b) => b.length - a.length)) {
    if (secret.length >= MIN_SCRUBBED_SECRET_LENGTH) text = text.split(secret).join('[redacted]');
  }
  text = text
    .split(/\r?\n/)
    .filter((line) => !STACK_LINE.test(line))
    .join('\n')
    .replace(DB_URL, '[connection string]')
    .replace(FILE_URL, '[path]')
    .replace(URL_USERINFO, '$1[redacted]@')
    .replace(UNIX_PATH, '$1[path]')
    .replace(WINDOWS_PATH, '[path]')
    .trim();
  if (text.length > MAX_MESSAGE_LENGTH) text = `${text.slice(0, MAX_MESSAGE_LENGTH)}…`;
  return text === '' ? 'unknown error' : text;
}
