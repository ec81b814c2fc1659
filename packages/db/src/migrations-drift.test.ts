import { createTestDatabase, type TestDatabase } from '@toolplane/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from './migrator';
import {
  describeDatabase,
  describePrismaSchema,
  diffSchemas,
  formatDifferences,
  type SchemaDescription,
} from './schema-drift';

// The migrations are hand-written SQL; this proves they build exactly the schema that
// prisma/schema.prisma (and so the generated client) expects.

async function databaseSchema(url: string): Promise<SchemaDescription> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await describeDatabase(client);
  } finally {
    await client.end();
  }
}

describe('migrations match schema.prisma', () => {
  let expected: SchemaDescription;
  const databases: TestDatabase[] = [];

  beforeAll(async () => {
    expected = await describePrismaSchema();
  });
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  async function migratedDatabase(): Promise<TestDatabase> {
    const database = await createTestDatabase({ migrated: false });
    databases.push(database);
    await applyMigrations({ databaseUrl: database.url });
    return database;
  }

  it('has no drift on a freshly migrated database', async () => {
    const database = await migratedDatabase();
    const differences = diffSchemas(expected, await databaseSchema(database.url));
    expect(formatDifferences(differences)).toBe('');
    // Sanity: the comparison looked at the real thing.
    expect(Object.keys(expected.tables)).toContain('tools');
    expect(expected.tables.tools?.indexes.tools_workspace_id_name_key).toEqual({
      columns: ['workspace_id', 'name'],
      unique: true,
    });
    expect(expected.tables.tools?.foreignKeys.tools_workspace_id_fkey?.onDelete).toBe('CASCADE');
  });

  it('reports exactly the column that differs', async () => {
    const database = await migratedDatabase();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('ALTER TABLE tools ALTER COLUMN title SET NOT NULL');
      await client.query('ALTER TABLE secrets ALTER COLUMN version TYPE bigint');
    } finally {
      await client.end();
    }
    const differences = diffSchemas(expected, await databaseSchema(database.url));
    expect(differences).toEqual([
      { path: 'secrets.version', aspect: 'type', expected: 'integer', actual: 'bigint' },
      { path: 'tools.title', aspect: 'nullable', expected: 'true', actual: 'false' },
    ]);
  });

  it('reports a missing index, a changed foreign key action and an extra constraint', async () => {
    const database = await migratedDatabase();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('DROP INDEX invocations_workspace_id_created_at_idx');
      await client.query(
        'ALTER TABLE secrets DROP CONSTRAINT secrets_workspace_id_fkey, ADD CONSTRAINT secrets_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE RESTRICT ON UPDATE CASCADE',
      );
      await client.query("ALTER TABLE users ADD CONSTRAINT users_email_check CHECK (email <> '')");
    } finally {
      await client.end();
    }
    const differences = diffSchemas(expected, await databaseSchema(database.url));
    expect(differences.map((d) => `${d.path} ${d.aspect}`)).toEqual([
      'invocations.index:invocations_workspace_id_created_at_idx existence',
      'secrets.fk:secrets_workspace_id_fkey on delete',
      'users.constraints unique/check constraints',
    ]);
  });
});
