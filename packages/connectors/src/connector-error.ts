/**
 * Why a connector call failed. The message is safe to show a tenant: it never carries a
 * connection string, a password, a stack or an address the policy refused to reveal.
 */
export type ConnectorErrorCode =
  | 'INVALID_URL'
  | 'ADDRESS_REFUSED'
  | 'CONNECT_FAILED'
  | 'POOL_EXHAUSTED'
  | 'TIMEOUT'
  | 'COMMAND_REFUSED'
  | 'QUERY_FAILED'
  | 'CLOSED';

export class ConnectorError extends Error {
  override readonly name = 'ConnectorError';
  readonly code: ConnectorErrorCode;

  constructor(code: ConnectorErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
  ENOTFOUND: 'host not found',
};

/**
 * A driver's connection failure as a clear, safe message. Drivers quote the address and port
 * (`connect ECONNREFUSED 10.1.2.3:5432`); the tenant knows which database it configured, and the
 * runtime's logs keep the original.
 */
export function connectFailed(what: string, error: unknown): ConnectorError {
  const code = (error as { code?: unknown })?.code;
  const reason =
    typeof code === 'string' && NETWORK_CODES[code] !== undefined
      ? NETWORK_CODES[code]
      : safeDriverMessage(error);
  return new ConnectorError('CONNECT_FAILED', `could not connect to ${what}: ${reason}`, {
    cause: error,
  });
}

const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;
const IP_PORT = /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g;

/** A driver or server message with URLs and addresses removed, first line only, bounded. */
export function safeDriverMessage(error: unknown): string {
  const message =
    error !== null && typeof error === 'object' && typeof (error as Error).message === 'string'
      ? (error as Error).message
      : String(error);
  const firstLine = message.split('\n', 1)[0] ?? '';
  const text = firstLine.replace(URL_IN_TEXT, '[url]').replace(IP_PORT, '[address]').trim();
  return (text.length > 500 ? `${text.slice(0, 500)}…` : text) || 'unknown error';
}
