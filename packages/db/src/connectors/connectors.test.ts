import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSecret } from '../secrets/set-secret';
import { createDbFixture, type DbFixture, rejection } from '../test-support/create-db-fixture';
import { createTool } from '../tools/create-tool';
import type { Connector } from './connector-types';
import { createConnector } from './create-connector';
import { deleteConnector } from './delete-connector';
import { getConnector } from './get-connector';
import { getConnectorByName } from './get-connector-by-name';
import { getConnectorCredentials } from './get-connector-credentials';
import { listConnectors } from './list-connectors';
import { updateConnector } from './update-connector';

const URL_A = 'postgres://app:hunter2-a@127.0.0.1:5432/acme';
const URL_B = 'postgres://app:hunter2-b@127.0.0.1:5432/globex';

let f: DbFixture;
let conA: Connector;
let conB: Connector;
beforeAll(async () => {
  f = await createDbFixture();
  // Same name in both workspaces: names are unique per workspace, not globally.
  conA = await createConnector(f.db, f.keyring, f.a.id, {
    name: 'main',
    type: 'postgres',
    url: URL_A,
  });
  conB = await createConnector(f.db, f.keyring, f.b.id, {
    name: 'main',
    type: 'postgres',
    url: URL_B,
  });
});
afterAll(() => f.close());

describe('connectors', () => {
  it('stores the URL encrypted and never returns it from list or get', async () => {
    expect(conA).toMatchObject({ name: 'main', hasUrl: true, urlSecretRef: null, version: 1 });
    expect(conA).not.toHaveProperty('urlCiphertext');
    expect(JSON.stringify(await listConnectors(f.db, f.a.id))).not.toContain('hunter2');
    expect(JSON.stringify(await getConnector(f.db, f.a.id, conA.id))).not.toContain('hunter2');
    const raw = await f.sql<Record<string, unknown>>('SELECT * FROM connectors');
    expect(JSON.stringify(raw)).not.toContain('hunter2');
    expect(raw.every((row) => String(row.url_ciphertext).startsWith('v1.'))).toBe(true);
  });

  it('decrypts credentials for the runtime, per workspace', async () => {
    expect(await getConnectorCredentials(f.db, f.keyring, f.a.id, conA.id)).toMatchObject({
      url: URL_A,
      type: 'postgres',
      secret: null,
    });
    expect((await getConnectorCredentials(f.db, f.keyring, f.b.id, conB.id)).url).toBe(URL_B);
  });

  it('binds the ciphertext to its workspace and connector', async () => {
    // Copy B's ciphertext into A's row: it must not decrypt there (aad mismatch).
    await f.sql(
      'UPDATE connectors SET url_ciphertext = (SELECT url_ciphertext FROM connectors WHERE id = $1) WHERE id = $2',
      [conB.id, conA.id],
    );
    const error = await rejection(getConnectorCredentials(f.db, f.keyring, f.a.id, conA.id));
    expect(error.name).toBe('CryptoError');
    const fixed = await updateConnector(f.db, f.keyring, f.a.id, conA.id, {
      expectedVersion: 1,
      url: URL_A,
    });
    expect(fixed.version).toBe(2);
    conA = fixed;
    expect((await getConnectorCredentials(f.db, f.keyring, f.a.id, conA.id)).url).toBe(URL_A);
  });

  it('resolves a secret reference', async () => {
    await setSecret(f.db, f.keyring, f.a.id, {
      name: 'WAREHOUSE_URL',
      value: 'mysql://u:p@127.0.0.1/w',
    });
    const con = await createConnector(f.db, f.keyring, f.a.id, {
      name: 'warehouse',
      type: 'mysql',
      urlSecretRef: 'WAREHOUSE_URL',
    });
    expect(con).toMatchObject({ hasUrl: false, urlSecretRef: 'WAREHOUSE_URL' });
    expect(await getConnectorCredentials(f.db, f.keyring, f.a.id, con.id)).toMatchObject({
      url: 'mysql://u:p@127.0.0.1/w',
      secret: { name: 'WAREHOUSE_URL', version: 1 },
    });
    // B has no such secret: a connector there referencing it does not see A's.
    const conInB = await createConnector(f.db, f.keyring, f.b.id, {
      name: 'warehouse',
      type: 'mysql',
      urlSecretRef: 'WAREHOUSE_URL',
    });
    expect(
      await rejection(getConnectorCredentials(f.db, f.keyring, f.b.id, conInB.id)),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('validates input without echoing the URL', async () => {
    const both = await rejection(
      createConnector(f.db, f.keyring, f.a.id, {
        name: 'x',
        type: 'redis',
        url: 'redis://h',
        urlSecretRef: 'X',
      }),
    );
    expect(both).toMatchObject({ code: 'INVALID' });
    const scheme = await rejection(
      createConnector(f.db, f.keyring, f.a.id, {
        name: 'x',
        type: 'redis',
        url: 'postgres://u:s3cr3t@h/db',
      }),
    );
    expect(scheme).toMatchObject({ code: 'INVALID', fields: ['url'] });
    expect(scheme.message).not.toContain('s3cr3t');
    const duplicate = await rejection(
      createConnector(f.db, f.keyring, f.a.id, {
        name: 'main',
        type: 'redis',
        url: 'redis://127.0.0.1',
      }),
    );
    expect(duplicate).toMatchObject({ code: 'ALREADY_EXISTS', fields: ['name'] });
  });

  it('refuses a stale update', async () => {
    const error = await rejection(
      updateConnector(f.db, f.keyring, f.a.id, conA.id, { expectedVersion: 1, description: 'x' }),
    );
    expect(error).toMatchObject({ code: 'CONFLICT' });
  });

  it('never reads, changes or deletes another workspace’s connector', async () => {
    const [before] = await f.sql('SELECT * FROM connectors WHERE id = $1', [conB.id]);
    expect(await getConnector(f.db, f.a.id, conB.id)).toBeNull();
    expect((await getConnectorByName(f.db, f.a.id, 'main'))?.id).toBe(conA.id);
    expect((await getConnectorByName(f.db, f.b.id, 'main'))?.id).toBe(conB.id);
    expect((await listConnectors(f.db, f.a.id)).map((c) => c.id)).not.toContain(conB.id);
    expect(
      await rejection(getConnectorCredentials(f.db, f.keyring, f.a.id, conB.id)),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await rejection(
        updateConnector(f.db, f.keyring, f.a.id, conB.id, { expectedVersion: 1, url: URL_A }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(await rejection(deleteConnector(f.db, f.a.id, conB.id))).toMatchObject({
      code: 'NOT_FOUND',
    });
    const [after] = await f.sql('SELECT * FROM connectors WHERE id = $1', [conB.id]);
    expect(after).toEqual(before);
  });

  it('refuses to delete a connector in use, then deletes it once unused', async () => {
    const con = await createConnector(f.db, f.keyring, f.a.id, {
      name: 'used',
      type: 'postgres',
      url: URL_A,
    });
    await createTool(f.db, f.a.id, {
      name: 'q',
      kind: 'statement',
      connectorId: con.id,
      statement: 'SELECT 1',
    });
    expect(await rejection(deleteConnector(f.db, f.a.id, con.id))).toMatchObject({
      code: 'CONFLICT',
    });
    const spare = await createConnector(f.db, f.keyring, f.a.id, {
      name: 'spare',
      type: 'redis',
      url: 'redis://127.0.0.1:6379',
    });
    await deleteConnector(f.db, f.a.id, spare.id);
    expect(await getConnector(f.db, f.a.id, spare.id)).toBeNull();
  });
});
