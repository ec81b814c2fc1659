import { EnvError } from '@toolplane/env';
import { describe, expect, it } from 'vitest';
import { parseWebEnv } from './env';

const key = (fill: number) => Buffer.alloc(32, fill).toString('base64');

const valid = {
  DATABASE_URL: 'postgres://toolplane@127.0.0.1:5432/toolplane',
  TOOLPLANE_MASTER_KEY: key(1),
  AUTH_SECRET: 'a'.repeat(32),
  TOOLPLANE_RUNTIME_SIGNING_KEY: key(2),
};

function issuesOf(source: Record<string, string | undefined>): readonly string[] {
  try {
    parseWebEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).issues;
  }
  throw new Error('expected an EnvError');
}

describe('parseWebEnv', () => {
  it('accepts the required variables and fills in the defaults', () => {
    const env = parseWebEnv(valid);
    expect(env).toMatchObject({
      ...valid,
      PORT: 3000,
      TOOLPLANE_RUNTIME_URL: 'http://127.0.0.1:4000',
      TOOLPLANE_MODE: 'development',
      LOG_LEVEL: 'info',
      REDIS_PREFIX: 'tp:',
    });
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.TOOLPLANE_ALLOW_PRIVATE_NETWORKS).toBeUndefined();
  });

  it('reads the optional variables', () => {
    const env = parseWebEnv({
      ...valid,
      REDIS_URL: 'redis://127.0.0.1:6379/0',
      TOOLPLANE_RUNTIME_URL: 'https://runtime.example.com',
      TOOLPLANE_MODE: 'production',
      LOG_LEVEL: 'warn',
      TOOLPLANE_ALLOW_PRIVATE_NETWORKS: 'false',
      PORT: '8080',
    });
    expect(env).toMatchObject({
      REDIS_URL: 'redis://127.0.0.1:6379/0',
      TOOLPLANE_RUNTIME_URL: 'https://runtime.example.com',
      TOOLPLANE_MODE: 'production',
      LOG_LEVEL: 'warn',
      TOOLPLANE_ALLOW_PRIVATE_NETWORKS: false,
      PORT: 8080,
    });
  });

  it.each([
    'DATABASE_URL',
    'TOOLPLANE_MASTER_KEY',
    'AUTH_SECRET',
    'TOOLPLANE_RUNTIME_SIGNING_KEY',
  ] as const)('names %s when it is missing', (name) => {
    expect(issuesOf({ ...valid, [name]: undefined })).toEqual([`${name}: is required but not set`]);
  });

  it('names every malformed variable at once', () => {
    const issues = issuesOf({
      DATABASE_URL: 'mysql://127.0.0.1/toolplane',
      TOOLPLANE_MASTER_KEY: 'not-a-key',
      AUTH_SECRET: 'short',
      TOOLPLANE_RUNTIME_SIGNING_KEY: key(2).slice(0, 20),
      REDIS_URL: 'http://127.0.0.1:6379',
      TOOLPLANE_RUNTIME_URL: 'not a url',
      TOOLPLANE_MODE: 'staging',
      LOG_LEVEL: 'verbose',
      TOOLPLANE_ALLOW_PRIVATE_NETWORKS: 'yes',
    });
    const named = issues.map((issue) => issue.split(':')[0]).sort();
    expect(named).toEqual(
      [
        'AUTH_SECRET',
        'DATABASE_URL',
        'LOG_LEVEL',
        'REDIS_URL',
        'TOOLPLANE_ALLOW_PRIVATE_NETWORKS',
        'TOOLPLANE_MASTER_KEY',
        'TOOLPLANE_MODE',
        'TOOLPLANE_RUNTIME_SIGNING_KEY',
        'TOOLPLANE_RUNTIME_URL',
      ].sort(),
    );
    expect(issues).toContain('AUTH_SECRET: must be at least 32 characters');
  });

  it('puts the variable names in the error message that start-up prints', () => {
    expect(() => parseWebEnv({ ...valid, AUTH_SECRET: '' })).toThrowError(
      /AUTH_SECRET: is required but not set/,
    );
  });
});
