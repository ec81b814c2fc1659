export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

// Defence in depth: callers must not pass secrets, but a field with one of these names or a URL
// with a password inside a message (pg errors can quote one) is masked anyway.
const SECRET_KEY =
  /pass(word)?|secret|token|authori[sz]ation|cookie|api[-_]?key|master[-_]?key|signing[-_]?key|database[-_]?url|connection[-_]?string/i;
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):[^@\s]*@/gi;

/** One JSON object per line on stdout: `{"level","time","msg",...fields}`. */
export function createLogger(options: { level: LogLevel; write?: (line: string) => void }): Logger {
  const threshold = RANK[options.level];
  const write = options.write ?? ((line: string) => process.stdout.write(line));
  const log = (level: LogLevel) => (msg: string, fields?: LogFields) => {
    if (RANK[level] < threshold) return;
    const entry = { level, time: new Date().toISOString(), msg: scrub(msg), ...clean(fields) };
    write(`${safeStringify(entry)}\n`);
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

function clean(fields: LogFields | undefined, depth = 0): LogFields {
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields ?? {})) {
    out[key] = SECRET_KEY.test(key) ? '[redacted]' : cleanValue(value, depth);
  }
  return out;
}

function cleanValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrub(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return {
      name: value.name,
      message: scrub(value.message),
      ...(code === undefined ? {} : { code }),
      ...(value.stack ? { stack: scrub(value.stack) } : {}),
    };
  }
  if (depth >= 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => cleanValue(item, depth + 1));
  return clean(value as LogFields, depth + 1);
}

function scrub(text: string): string {
  return text.replace(URL_CREDENTIALS, '$1:[redacted]@');
}

function safeStringify(entry: LogFields): string {
  try {
    return JSON.stringify(entry);
  } catch {
    return JSON.stringify({ level: entry.level, time: entry.time, msg: entry.msg });
  }
}
