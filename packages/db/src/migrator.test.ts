import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@toolplane/testing';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyMigrations,
  defaultMigrationsDir,
  MigrationError,
  migrationStatus,
  readMigrations,
} from './migrator';

const databases: TestDatabase[] = [];
const folders: string[] = [];

async function emptyDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase({ migrated: false });
  databases.push(database);
  return database;
}

/** A writable copy of prisma/migrations, to tamper with. */
async function migrationsCopy(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tp-migrations-'));
  folders.push(dir);
  await cp(defaultMigrationsDir, dir, { recursive: true });
  return dir;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const database of databases) await database.drop();
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

describe('applyMigrations', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await emptyDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });

  it('applies every migration once, then nothing', async () => {
    const names = (await readMigrations()).map((migration) => migration.name);
    expect(names.length).toBeGreaterThan(0);

    const before = await migrationStatus({ databaseUrl: database.url });
    expect(before).toMatchObject({ applied: [], pending: names, ok: false });

    const logs: string[] = [];
    expect(await applyMigrations({ databaseUrl: database.url, log: (m) => logs.push(m) })).toEqual({
      applied: names,
    });
    expect(logs).toEqual(names.map((name) => `applying ${name}`));
    expect(await applyMigrations({ databaseUrl: database.url })).toEqual({ applied: [] });

    const after = await migrationStatus({ databaseUrl: database.url });
    expect(after).toMatchObject({ applied: names, pending: [], problems: [], ok: true });

    const rows = await query<{ migration_name: string; checksum: string; steps: number }>(
      database.url,
      'SELECT migration_name, checksum, applied_steps_count AS steps FROM _prisma_migrations WHERE finished_at IS NOT NULL',
    );
    const local = await readMigrations();
    expect(rows).toEqual(
      local.map((m) => ({ migration_name: m.name, checksum: m.checksum, steps: 1 })),
    );
  });

  it('is safe when several processes migrate at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () => applyMigrations({ databaseUrl: database.url })),
    );
    const names = (await readMigrations()).map((migration) => migration.name);
    expect(results.flatMap((result) => result.applied).sort()).toEqual(names);
    const rows = await query<{ count: string }>(
      database.url,
      'SELECT count(*) AS count FROM _prisma_migrations',
    );
    expect(Number(rows[0]?.count)).toBe(names.length);
  });

  it('refuses when an applied migration was modified', async () => {
    const dir = await migrationsCopy();
    await applyMigrations({ databaseUrl: database.url, migrationsDir: dir });
    const [first] = await readMigrations(dir);
    await writeFile(path.join(dir, first!.name, 'migration.sql'), `${first!.sql}\n-- edited\n`);

    const error = await applyMigrations({ databaseUrl: database.url, migrationsDir: dir }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MigrationError);
    expect(error).toMatchObject({ code: 'CHECKSUM_MISMATCH' });
    expect((error as Error).message).toContain(first!.name);

    const status = await migrationStatus({ databaseUrl: database.url, migrationsDir: dir });
    expect(status.ok).toBe(false);
    expect(status.problems[0]).toMatch(/modified after it was applied/);
  });

  it('rolls back a failing migration, records it, and retries it once fixed', async () => {
    const dir = await migrationsCopy();
    const broken = path.join(dir, '29990101000000_broken');
    await mkdir(broken);
    await writeFile(
      path.join(broken, 'migration.sql'),
      'CREATE TABLE "half_done" ("id" TEXT);\nSELECT * FROM "no_such_table";\n',
    );

    const error = await applyMigrations({ databaseUrl: database.url, migrationsDir: dir }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'MIGRATION_FAILED' });
    expect((error as Error).message).toMatch(/29990101000000_broken.*no_such_table/);
    expect(await query(database.url, "SELECT to_regclass('half_done') AS t")).toEqual([
      { t: null },
    ]);
    const recorded = await query<{ logs: string; rolled_back: boolean }>(
      database.url,
      "SELECT logs, rolled_back_at IS NOT NULL AS rolled_back FROM _prisma_migrations WHERE migration_name = '29990101000000_broken'",
    );
    expect(recorded).toEqual([
      { logs: expect.stringContaining('no_such_table'), rolled_back: true },
    ]);

    await writeFile(path.join(broken, 'migration.sql'), 'CREATE TABLE "half_done" ("id" TEXT);\n');
    expect(await applyMigrations({ databaseUrl: database.url, migrationsDir: dir })).toEqual({
      applied: ['29990101000000_broken'],
    });
  });

  it('refuses while a failed migration is recorded', async () => {
    await applyMigrations({ databaseUrl: database.url });
    await query(
      database.url,
      "INSERT INTO _prisma_migrations (id, checksum, migration_name, logs) VALUES ('x', 'abc', '29990101000000_crashed', 'boom')",
    );
    const error = await applyMigrations({ databaseUrl: database.url }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'FAILED_MIGRATION' });
    expect((error as Error).message).toMatch(/29990101000000_crashed.*failed.*boom/);
    expect((await migrationStatus({ databaseUrl: database.url })).ok).toBe(false);
  });
});
