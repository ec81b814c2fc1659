import { exists, hasFlag } from '@ioredis/commands';
import { ConnectorError } from '../connector-error';

// Never run from a tool, read-only or not: they change the shared connection's state (auth,
// database, protocol, subscriptions, transactions), block it, or administer the server.
const REFUSED = new Set([
  'auth',
  'hello',
  'select',
  'swapdb',
  'client',
  'reset',
  'quit',
  'multi',
  'exec',
  'discard',
  'watch',
  'unwatch',
  'subscribe',
  'psubscribe',
  'ssubscribe',
  'unsubscribe',
  'punsubscribe',
  'sunsubscribe',
  'monitor',
  'sync',
  'psync',
  'replicaof',
  'slaveof',
  'shutdown',
  'debug',
  'config',
  'acl',
  'module',
  'failover',
  'cluster',
  'readonly',
  'readwrite',
  'save',
  'bgsave',
  'bgrewriteaof',
  'flushall',
  'flushdb',
  'script',
  'function',
]);

// Harmless commands Redis does not flag `readonly` (they touch no data).
const READ_SAFE = new Set(['ping', 'echo', 'time']);

/**
 * Whether a tool may send this command: it must exist, must not be one that changes the shared
 * connection or blocks it, and a read-only tool may send only commands Redis flags `readonly`.
 * Returns the command in lower case.
 */
export function checkRedisCommand(command: string, readOnly: boolean): string {
  const name = command.toLowerCase();
  if (!exists(name))
    throw new ConnectorError('COMMAND_REFUSED', `unknown Redis command ${command}`);
  if (REFUSED.has(name) || hasFlag(name, 'blocking') || hasFlag(name, 'pubsub')) {
    throw new ConnectorError(
      'COMMAND_REFUSED',
      `Redis command ${name.toUpperCase()} is not allowed in tools`,
    );
  }
  if (readOnly && !hasFlag(name, 'readonly') && !READ_SAFE.has(name)) {
    throw new ConnectorError(
      'COMMAND_REFUSED',
      `Redis command ${name.toUpperCase()} writes; this tool is read-only`,
    );
  }
  return name;
}
