import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnector } from '../connectors/create-connector';
import { getConnectorCredentials } from '../connectors/get-connector-credentials';
import { getSecretValues } from '../secrets/get-secret-values';
import { setSecret } from '../secrets/set-secret';
import {
  createDbFixture,
  type DbFixture,
  newMasterKey,
  rejection,
} from '../test-support/create-db-fixture';
import { createKeyring } from './keyring';
import { rotateMasterKey } from './rotate-master-key';

let f: DbFixture;
beforeAll(async () => {
  f = await createDbFixture();
});
afterAll(() => f.close());

describe('master key rotation', () => {
  it('re-wraps every data key without touching values', async () => {
    await setSecret(f.db, f.keyring, f.a.id, { name: 'A1', value: 'alpha' });
    await setSecret(f.db, f.keyring, f.a.id, { name: 'A2', value: 'beta' });
    await setSecret(f.db, f.keyring, f.b.id, { name: 'B1', value: 'gamma' });
    const con = await createConnector(f.db, f.keyring, f.b.id, {
      name: 'db',
      type: 'postgres',
      url: 'postgres://u:pw@127.0.0.1/db',
    });
    const secretsBefore = await f.sql('SELECT id, ciphertext, version FROM secrets ORDER BY id');

    const next = newMasterKey();
    expect(await rotateMasterKey(f.db, { from: f.master, to: next })).toEqual({
      rewrapped: 2,
      unchanged: 0,
    });
    // Values are untouched; only the wrapped data keys changed.
    expect(await f.sql('SELECT id, ciphertext, version FROM secrets ORDER BY id')).toEqual(
      secretsBefore,
    );
    const wrapped = await f.sql<{ wrapped_data_key: string }>(
      'SELECT wrapped_data_key FROM workspaces',
    );
    for (const row of wrapped) expect(row.wrapped_data_key.startsWith(`v1.${next.id}.`)).toBe(true);

    // The new key alone reads everything.
    const newOnly = createKeyring([next]);
    expect(await getSecretValues(f.db, newOnly, f.a.id)).toEqual({
      A1: { value: 'alpha', version: 1 },
      A2: { value: 'beta', version: 1 },
    });
    expect(await getSecretValues(f.db, newOnly, f.b.id)).toEqual({
      B1: { value: 'gamma', version: 1 },
    });
    expect((await getConnectorCredentials(f.db, newOnly, f.b.id, con.id)).url).toBe(
      'postgres://u:pw@127.0.0.1/db',
    );

    // The old key alone no longer can (a fresh keyring: no cached data keys).
    const oldOnly = createKeyring([f.master]);
    expect(await rejection(getSecretValues(f.db, oldOnly, f.a.id))).toMatchObject({
      name: 'CryptoError',
      code: 'UNKNOWN_MASTER_KEY',
    });

    // Running it again changes nothing.
    expect(await rotateMasterKey(f.db, { from: f.master, to: next })).toEqual({
      rewrapped: 0,
      unchanged: 2,
    });
  });

  it('changes nothing when a data key cannot be unwrapped', async () => {
    const before = await f.sql('SELECT id, wrapped_data_key FROM workspaces ORDER BY id');
    const error = await rejection(
      rotateMasterKey(f.db, { from: newMasterKey(), to: newMasterKey() }),
    );
    expect(error).toMatchObject({ name: 'CryptoError' });
    expect(await f.sql('SELECT id, wrapped_data_key FROM workspaces ORDER BY id')).toEqual(before);
  });
});
