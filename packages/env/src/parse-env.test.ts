import { describe, expect, it } from 'vitest';
import { databaseEnv, EnvError, masterKeyEnv, parseEnv } from './index';

const schema = databaseEnv.extend(masterKeyEnv.shape);
const goodKey = Buffer.alloc(32, 7).toString('base64');

describe('parseEnv', () => {
  it('accepts a valid environment', () => {
    const env = parseEnv(schema, {
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      TOOLPLANE_MASTER_KEY: goodKey,
    });
    expect(env.DATABASE_URL).toBe('postgres://u@127.0.0.1:5432/db');
  });

  it('names a missing variable', () => {
    expect(() => parseEnv(schema, { DATABASE_URL: 'postgres://h/db' })).toThrowError(
      /TOOLPLANE_MASTER_KEY: is required but not set/,
    );
  });

  it('treats an empty string as unset', () => {
    expect(() =>
      parseEnv(schema, { DATABASE_URL: 'postgres://h/db', TOOLPLANE_MASTER_KEY: '' }),
    ).toThrowError(/TOOLPLANE_MASTER_KEY: is required/);
  });

  it('names a malformed variable and every problem at once', () => {
    try {
      parseEnv(schema, { DATABASE_URL: 'mysql://h/db', TOOLPLANE_MASTER_KEY: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const issues = (error as EnvError).issues;
      expect(issues).toHaveLength(2);
      expect(issues[0]).toMatch(/^DATABASE_URL: must be a postgres/);
      expect(issues[1]).toMatch(/^TOOLPLANE_MASTER_KEY: must be 32 random bytes/);
    }
  });
});
