import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTenantPostgres, type TenantDatabase } from '@toolplane/connectors/test-support';
import { pgAdminUrl } from '@toolplane/testing';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRuntime } from '../start-runtime';
import {
  createRuntimeFixture,
  postMcp,
  type RuntimeFixture,
} from '../test-support/runtime-fixture';
import { createJwksFetcher } from './create-jwks-fetcher';

// The jwt auth plugin's JWKS retrieval goes through the same address policy as connectors.
let f: RuntimeFixture;
let runtime: RunningRuntime;
let tenant: TenantDatabase;
let jwksServer: ReturnType<typeof createServer>;
let jwksHits = 0;
let token: string;
let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256' };
  jwksServer = createServer((_req, res) => {
    jwksHits++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  jwksServer.listen(0, '127.0.0.1');
  await once(jwksServer, 'listening');
  const { port } = jwksServer.address() as AddressInfo;

  f = await createRuntimeFixture();
  tenant = await createTenantPostgres(pgAdminUrl(), 'SELECT 1');
  const ws = await f.workspace('jwt');
  const main = await f.connector(ws.id, 'main', 'postgres', tenant.url);
  const jwt = (url: string) => ({
    plugin: 'jwt',
    params: { jwks_url: url, issuer: 'https://idp.example' },
  });
  await f.tool(ws.id, {
    name: 'jwt_local',
    kind: 'statement',
    connectorId: main,
    statement: 'SELECT 1 AS ok',
    authInline: jwt(`http://127.0.0.1:${port}/jwks.json`),
  });
  await f.tool(ws.id, {
    name: 'jwt_metadata',
    kind: 'statement',
    connectorId: main,
    statement: 'SELECT 1 AS ok',
    authInline: jwt('http://169.254.169.254/jwks.json'),
  });
  token = await f.token(ws.id);
  runtime = await f.start();
});

afterAll(async () => {
  jwksServer?.close();
  await f?.close();
  await tenant?.drop();
});

async function call(tool: string, jwt?: string) {
  const res = await postMcp(
    runtime.url,
    'jwt',
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: {} } },
    {
      authorization: `Bearer ${token}`,
      ...(jwt ? { 'x-client-authorization': `Bearer ${jwt}` } : {}),
    },
  );
  return (await res.json()) as {
    result?: unknown;
    error?: { message: string; data: { stage: string } };
  };
}

describe('jwt auth with a JWKS URL', () => {
  it('verifies a token against keys fetched through the address policy', async () => {
    const jwt = await new SignJWT({ sub: 'user-1' })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer('https://idp.example')
      .setExpirationTime('5m')
      .sign(privateKey);
    expect((await call('jwt_local', jwt)).result).toMatchObject({
      structuredContent: { results: [{ ok: 1 }] },
    });
    expect(jwksHits).toBe(1);
    expect((await call('jwt_local', jwt)).result).toBeDefined();
    expect(jwksHits).toBe(1);
    expect((await call('jwt_local')).error).toMatchObject({ data: { stage: 'auth' } });
  });

  it('never fetches keys from a metadata address', async () => {
    const answer = await call('jwt_metadata', 'x.y.z');
    expect(answer.error).toMatchObject({ data: { stage: 'auth' } });
  });

  it('refuses metadata, link-local and (when off) private addresses before any socket opens', async () => {
    const fetcher = createJwksFetcher({
      allowPrivateNetworks: false,
      deny: [],
      resolver: async () => [{ address: '10.1.2.3', family: 4 }],
    });
    await expect(fetcher('https://169.254.169.254/keys')).rejects.toThrow(/refused by policy/);
    await expect(fetcher('https://idp.internal.example/keys')).rejects.toThrow(/private network/);
    await expect(fetcher('file:///etc/passwd')).rejects.toThrow(/http/);
  });
});
