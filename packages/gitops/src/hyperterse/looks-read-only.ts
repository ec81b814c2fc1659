const SQL_READS = new Set([
  'SELECT',
  'WITH',
  'SHOW',
  'EXPLAIN',
  'VALUES',
  'TABLE',
  'DESCRIBE',
  'DESC',
]);
const SQL_WRITES =
  /\b(INSERT|UPDATE|DELETE|MERGE|CREATE|ALTER|DROP|TRUNCATE|GRANT|REVOKE|CALL|COPY)\b/i;
const REDIS_READS = new Set([
  'GET',
  'MGET',
  'STRLEN',
  'GETRANGE',
  'EXISTS',
  'TTL',
  'PTTL',
  'TYPE',
  'KEYS',
  'SCAN',
  'HGET',
  'HMGET',
  'HGETALL',
  'HKEYS',
  'HVALS',
  'HLEN',
  'HEXISTS',
  'HSCAN',
  'LRANGE',
  'LLEN',
  'LINDEX',
  'SMEMBERS',
  'SISMEMBER',
  'SCARD',
  'SSCAN',
  'ZRANGE',
  'ZRANGEBYSCORE',
  'ZREVRANGE',
  'ZSCORE',
  'ZCARD',
  'ZRANK',
  'ZSCAN',
  'ZCOUNT',
  'XRANGE',
  'XREVRANGE',
  'XLEN',
  'PING',
  'DBSIZE',
]);

/**
 * Whether an imported statement only reads. Hyperterse has no read-only flag; Toolplane runs
 * read-only tools in a read-only transaction, so a writing statement imported as read-only
 * would fail. Reads are marked read-only (the safe default); anything else is not.
 */
export function looksReadOnly(type: 'postgres' | 'mysql' | 'redis', statement: string): boolean {
  if (type === 'redis') {
    const command = statement.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
    return REDIS_READS.has(command);
  }
  const code = statement
    .replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''");
  const first = /^[\s(]*([A-Za-z]+)/.exec(code)?.[1]?.toUpperCase() ?? '';
  return SQL_READS.has(first) && !SQL_WRITES.test(code);
}
