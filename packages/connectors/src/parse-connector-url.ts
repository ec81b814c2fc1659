import { ConnectorError } from './connector-error';
import type { ConnectorKind } from './connector-types';

export interface ConnectorAddress {
  readonly host: string;
  readonly port: number;
  readonly user: string | undefined;
  readonly password: string | undefined;
  /** SQL: the database name; Redis: the database index. */
  readonly database: string | number;
  readonly tls: boolean;
  /** Verify the server certificate (TLS only). */
  readonly tlsVerify: boolean;
}

const DEFAULT_PORTS: Record<ConnectorKind, number> = { postgres: 5432, mysql: 3306, redis: 6379 };
const SCHEMES: Record<ConnectorKind, readonly string[]> = {
  postgres: ['postgres:', 'postgresql:'],
  mysql: ['mysql:', 'mariadb:'],
  redis: ['redis:', 'rediss:'],
};

/**
 * The parts of a connector URL the drivers need. Errors never echo the URL (it holds the
 * password). TLS: Postgres `sslmode` (disable, require, verify-ca, verify-full), MySQL `ssl`
 * (`true`, or `ssl-mode=REQUIRED|VERIFY_IDENTITY`), Redis the `rediss:` scheme.
 */
export function parseConnectorUrl(type: ConnectorKind, text: string): ConnectorAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConnectorError('INVALID_URL', `the ${type} connection URL is not a valid URL`);
  }
  if (!SCHEMES[type].includes(url.protocol)) {
    throw new ConnectorError(
      'INVALID_URL',
      `a ${type} connector needs a ${SCHEMES[type].map((s) => `${s}//`).join(' or ')} URL`,
    );
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === '')
    throw new ConnectorError('INVALID_URL', `the ${type} connection URL has no host`);
  const port = url.port === '' ? DEFAULT_PORTS[type] : Number(url.port);
  const user = url.username === '' ? undefined : decodeURIComponent(url.username);
  const password = url.password === '' ? undefined : decodeURIComponent(url.password);
  const path = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const params = url.searchParams;

  if (type === 'redis') {
    const index = path === '' ? 0 : Number(path);
    if (!Number.isInteger(index) || index < 0) {
      throw new ConnectorError('INVALID_URL', 'the Redis database index must be a whole number');
    }
    return {
      host,
      port,
      user,
      password,
      database: index,
      tls: url.protocol === 'rediss:',
      tlsVerify: true,
    };
  }
  if (path === '') {
    throw new ConnectorError('INVALID_URL', `the ${type} connection URL names no database`);
  }
  if (type === 'postgres') {
    const mode = params.get('sslmode') ?? 'disable';
    return {
      host,
      port,
      user,
      password,
      database: path,
      tls: mode !== 'disable' && mode !== 'allow' && mode !== 'prefer',
      tlsVerify: mode === 'verify-ca' || mode === 'verify-full',
    };
  }
  const sslMode = (params.get('ssl-mode') ?? '').toUpperCase();
  const ssl = params.get('ssl');
  return {
    host,
    port,
    user,
    password,
    database: path,
    tls:
      ssl === 'true' ||
      sslMode === 'REQUIRED' ||
      sslMode === 'VERIFY_IDENTITY' ||
      sslMode === 'VERIFY_CA',
    tlsVerify: sslMode === 'VERIFY_IDENTITY' || sslMode === 'VERIFY_CA',
  };
}
