import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import './provided-context';
import type { ServiceAvailability } from './provided-context';
import { databaseUrl, quoteIdent } from './test-database-names';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own for one suite: a clone of the run's migrated template (or an empty
 * database with `migrated: false`). The global teardown drops whatever a suite forgets.
 */
export async function createTestDatabase(
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `tp_test_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  const template = options.migrated === false ? 'template0' : inject('pgTemplateDatabase');
  await withAdmin(adminUrl, (admin) =>
    admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`),
  );
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () =>
      withAdmin(adminUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function pgAdminUrl(): string {
  return inject('pgAdminUrl');
}

/** Redis for this run, with a key prefix no other run uses; url null (and why) when absent. */
export function testRedis(): ServiceAvailability & { prefix: string } {
  return { ...inject('redis'), prefix: `tp-test:${inject('runId')}:` };
}

export function testMysql(): ServiceAvailability {
  return inject('mysql');
}
