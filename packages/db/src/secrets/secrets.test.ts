import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbFixture, type DbFixture, rejection } from '../test-support/create-db-fixture';
import { deleteSecret } from './delete-secret';
import { getSecretValues } from './get-secret-values';
import { listSecrets } from './list-secrets';
import { rotateSecret } from './rotate-secret';
import { setSecret } from './set-secret';

let f: DbFixture;
beforeAll(async () => {
  f = await createDbFixture();
  await setSecret(f.db, f.keyring, f.a.id, { name: 'API_KEY', value: 'plain-a-api-key' });
  await setSecret(f.db, f.keyring, f.a.id, { name: 'DB_PASSWORD', value: 'plain-a-db' });
  await setSecret(f.db, f.keyring, f.b.id, { name: 'API_KEY', value: 'plain-b-api-key' });
});
afterAll(() => f.close());

describe('secrets', () => {
  it('keeps no plaintext in the table', async () => {
    const rows = await f.sql<Record<string, unknown>>('SELECT * FROM secrets');
    expect(rows).toHaveLength(3);
    expect(JSON.stringify(rows)).not.toContain('plain-');
    for (const row of rows) expect(row.ciphertext).toMatch(/^v1\./);
  });

  it('lists names and versions, never values', async () => {
    const list = await listSecrets(f.db, f.a.id);
    expect(list.map((s) => [s.name, s.version])).toEqual([
      ['API_KEY', 1],
      ['DB_PASSWORD', 1],
    ]);
    expect(JSON.stringify(list)).not.toMatch(/plain-|ciphertext/);
  });

  it('decrypts all values or the ones asked for', async () => {
    expect(await getSecretValues(f.db, f.keyring, f.a.id)).toEqual({
      API_KEY: { value: 'plain-a-api-key', version: 1 },
      DB_PASSWORD: { value: 'plain-a-db', version: 1 },
    });
    expect(await getSecretValues(f.db, f.keyring, f.a.id, ['DB_PASSWORD', 'MISSING'])).toEqual({
      DB_PASSWORD: { value: 'plain-a-db', version: 1 },
    });
    expect(await getSecretValues(f.db, f.keyring, f.b.id, ['API_KEY'])).toEqual({
      API_KEY: { value: 'plain-b-api-key', version: 1 },
    });
  });

  it('rotates: version + 1, new value readable, old one gone', async () => {
    const rotated = await rotateSecret(f.db, f.keyring, f.a.id, {
      name: 'API_KEY',
      value: 'plain-a-api-key-2',
      expectedVersion: 1,
    });
    expect(rotated.version).toBe(2);
    expect((await getSecretValues(f.db, f.keyring, f.a.id, ['API_KEY'])).API_KEY).toEqual({
      value: 'plain-a-api-key-2',
      version: 2,
    });
    const stale = await rejection(
      rotateSecret(f.db, f.keyring, f.a.id, { name: 'API_KEY', value: 'x', expectedVersion: 1 }),
    );
    expect(stale).toMatchObject({ code: 'CONFLICT' });
    // set on an existing name is a rotation too
    const again = await setSecret(f.db, f.keyring, f.a.id, { name: 'API_KEY', value: 'plain-a-3' });
    expect(again.version).toBe(3);
  });

  it('validates names', async () => {
    for (const name of ['1ABC', 'has-dash', 'white space', '']) {
      expect(
        await rejection(setSecret(f.db, f.keyring, f.a.id, { name, value: 'x' })),
      ).toMatchObject({ code: 'INVALID', fields: ['name'] });
    }
  });

  it('never reads, rotates or deletes another workspace’s secret', async () => {
    await setSecret(f.db, f.keyring, f.b.id, { name: 'ONLY_IN_B', value: 'plain-b-only' });
    const [before] = await f.sql("SELECT * FROM secrets WHERE name = 'ONLY_IN_B'");
    expect(await getSecretValues(f.db, f.keyring, f.a.id, ['ONLY_IN_B'])).toEqual({});
    expect((await listSecrets(f.db, f.a.id)).map((s) => s.name)).not.toContain('ONLY_IN_B');
    expect(
      await rejection(rotateSecret(f.db, f.keyring, f.a.id, { name: 'ONLY_IN_B', value: 'pwned' })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(await rejection(deleteSecret(f.db, f.a.id, 'ONLY_IN_B'))).toMatchObject({
      code: 'NOT_FOUND',
    });
    const [after] = await f.sql("SELECT * FROM secrets WHERE name = 'ONLY_IN_B'");
    expect(after).toEqual(before);
    // B's API_KEY is untouched by A's rotations.
    expect((await getSecretValues(f.db, f.keyring, f.b.id, ['API_KEY'])).API_KEY?.version).toBe(1);
  });

  it('cannot decrypt a value moved to another workspace', async () => {
    await f.sql(
      "UPDATE secrets SET ciphertext = (SELECT ciphertext FROM secrets WHERE workspace_id = $1 AND name = 'API_KEY') WHERE workspace_id = $2 AND name = 'API_KEY'",
      [f.b.id, f.a.id],
    );
    const error = await rejection(getSecretValues(f.db, f.keyring, f.a.id, ['API_KEY']));
    expect(error.name).toBe('CryptoError');
  });

  it('deletes', async () => {
    await deleteSecret(f.db, f.a.id, 'DB_PASSWORD');
    expect((await listSecrets(f.db, f.a.id)).map((s) => s.name)).toEqual(['API_KEY']);
  });
});
