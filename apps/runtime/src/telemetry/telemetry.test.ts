import { randomBytes } from 'node:crypto';
import { parseMasterKey } from '@toolplane/crypto';
import {
  createApiToken,
  createDb,
  createKeyring,
  createTool,
  createUser,
  createWorkspace,
} from '@toolplane/db';
import { createTestDatabase, type TestDatabase } from '@toolplane/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RuntimeProcess, spawnRuntimeProcess } from '../test-support/spawn-runtime-process';

describe('OpenTelemetry', () => {
  let database: TestDatabase;
  let runtime: RuntimeProcess | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await runtime?.stop();
    await database?.drop();
  });

  it('exports a span per tools/call, with a child per stage, when OTEL_* asks for it', async () => {
    const masterKey = randomBytes(32).toString('base64');
    const db = createDb({ databaseUrl: database.url, max: 2 });
    const keyring = createKeyring([parseMasterKey(masterKey)]);
    const owner = await createUser(db, { email: 'otel@example.com' });
    const ws = await createWorkspace(db, keyring, {
      slug: 'otel',
      name: 'otel',
      ownerUserId: owner.id,
    });
    await createTool(db, ws.id, {
      name: 'hello',
      kind: 'script',
      handlerSource: 'export default () => 1',
    });
    const { plaintext } = await createApiToken(db, ws.id, { name: 't' });
    await db.$disconnect();
    runtime = await spawnRuntimeProcess({
      DATABASE_URL: database.url,
      TOOLPLANE_MASTER_KEY: masterKey,
      TOOLPLANE_RUNTIME_SIGNING_KEY: randomBytes(32).toString('base64'),
      OTEL_TRACES_EXPORTER: 'console',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
    });
    const res = await fetch(`${runtime.url}/t/otel/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${plaintext}` },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'hello', arguments: {} },
      }),
    });
    expect(res.status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (!runtime.output().includes("'toolplane.tools_call'") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const output = runtime.output();
    expect(output).toContain('opentelemetry started');
    expect(output).toContain("'toolplane.tools_call'");
    expect(output).toContain("'toolplane.stage': 'handler'");
    expect(output).not.toContain(plaintext);
  });
});
