import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

function capture(level: 'debug' | 'info' | 'warn' | 'error') {
  const lines: string[] = [];
  const logger = createLogger({ level, write: (line) => lines.push(line) });
  return {
    logger,
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('createLogger', () => {
  it('writes one JSON line per entry at or above the level', () => {
    const { logger, entries } = capture('info');
    logger.debug('hidden');
    logger.info('runtime listening', { url: 'http://127.0.0.1:4000' });
    logger.error('boom');
    expect(entries().map((e) => e.msg)).toEqual(['runtime listening', 'boom']);
    expect(entries()[0]).toMatchObject({ level: 'info', url: 'http://127.0.0.1:4000' });
  });

  it('masks secret-named fields and passwords inside URLs and errors', () => {
    const { logger, entries } = capture('debug');
    logger.warn('connect failed postgres://app:s3cr3t@db/x', {
      password: 's3cr3t',
      nested: { apiKey: 's3cr3t', databaseUrl: 'postgres://app:s3cr3t@db/x' },
      error: new Error('could not reach postgres://app:s3cr3t@db:5432/x'),
      count: 10n,
    });
    const line = JSON.stringify(entries());
    expect(line).not.toContain('s3cr3t');
    expect(line).toContain('postgres://app:[redacted]@db:5432/x');
    expect(entries()[0]).toMatchObject({ count: '10', nested: { apiKey: '[redacted]' } });
  });
});
