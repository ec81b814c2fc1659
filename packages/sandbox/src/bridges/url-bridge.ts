const SETTABLE = new Set([
  'href',
  'protocol',
  'username',
  'password',
  'host',
  'hostname',
  'port',
  'pathname',
  'search',
  'hash',
]);
const MAX_URL = 64 * 1024;

export type UrlRecord = {
  href: string;
  origin: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
};

function recordOf(url: URL): UrlRecord {
  return {
    href: url.href,
    origin: url.origin,
    protocol: url.protocol,
    username: url.username,
    password: url.password,
    host: url.host,
    hostname: url.hostname,
    port: url.port,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
  };
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_URL;
}

/**
 * The isolate's URL parser: Node's WHATWG `URL`, reached through a synchronous bridge that takes
 * strings and returns a plain record of strings, or `null` when the input does not parse.
 */
export function urlBridge(
  operation: unknown,
  input: unknown,
  second: unknown,
  third: unknown,
): UrlRecord | null {
  try {
    if (!isText(input)) return null;
    if (operation === 'parse') {
      if (second !== undefined && !isText(second)) return null;
      return recordOf(second === undefined ? new URL(input) : new URL(input, second));
    }
    if (
      operation === 'set' &&
      typeof second === 'string' &&
      SETTABLE.has(second) &&
      isText(third)
    ) {
      const url = new URL(input);
      if (second === 'href') return recordOf(new URL(third));
      (url as unknown as Record<string, string>)[second] = third;
      return recordOf(url);
    }
    return null;
  } catch {
    return null;
  }
}
