import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parseMasterKey } from '@toolplane/crypto';
import {
  createApiToken,
  createConnector,
  createDb,
  createKeyring,
  createTool,
  createUser,
  createWorkspace,
  type DbClient,
  type Keyring,
  type ToolDefinitionInput,
  type Workspace,
} from '@toolplane/db';
import { createTestDatabase, type TestDatabase } from '@toolplane/testing';
import { createLogger } from '../logger';
import { type RunningRuntime, type RuntimeOptions, startRuntime } from '../start-runtime';

export interface RuntimeFixture {
  readonly database: TestDatabase;
  readonly db: DbClient;
  readonly keyring: Keyring;
  readonly masterKey: string;
  readonly signingKey: Uint8Array;
  readonly ownerId: string;
  /** Starts a runtime on this control plane (closed by `close()`). */
  start(overrides?: Partial<RuntimeOptions>): Promise<RunningRuntime>;
  workspace(slug?: string): Promise<Workspace>;
  connector(
    workspaceId: string,
    name: string,
    type: 'postgres' | 'mysql' | 'redis',
    url: string,
  ): Promise<string>;
  tool(workspaceId: string, definition: ToolDefinitionInput): Promise<void>;
  token(workspaceId: string, input?: Parameters<typeof createApiToken>[2]): Promise<string>;
  /** Log lines the runtimes wrote (JSON), to check nothing secret leaks. */
  readonly logs: string[];
  close(): Promise<void>;
}

/** A migrated control-plane database of its own, keys, an owner, and runtimes on demand. */
export async function createRuntimeFixture(): Promise<RuntimeFixture> {
  const database = await createTestDatabase();
  const db = createDb({ databaseUrl: database.url, max: 4 });
  const masterKey = randomBytes(32).toString('base64');
  const keyring = createKeyring([parseMasterKey(masterKey)]);
  const signingKey = new Uint8Array(randomBytes(32));
  const owner = await createUser(db, {
    email: `owner-${randomBytes(4).toString('hex')}@example.com`,
  });
  const runtimes: RunningRuntime[] = [];
  const logs: string[] = [];
  return {
    database,
    db,
    keyring,
    masterKey,
    signingKey,
    ownerId: owner.id,
    logs,
    async start(overrides = {}) {
      const runtime = await startRuntime({
        databaseUrl: database.url,
        masterKeys: [masterKey],
        signingKey,
        allowPrivateNetworks: true,
        logger: createLogger({ level: 'debug', write: (line) => logs.push(line) }),
        drainTimeoutMs: 2_000,
        ...overrides,
      });
      runtimes.push(runtime);
      return runtime;
    },
    async workspace(slug = `ws-${randomBytes(4).toString('hex')}`) {
      return createWorkspace(db, keyring, { slug, name: slug, ownerUserId: owner.id });
    },
    async connector(workspaceId, name, type, url) {
      return (await createConnector(db, keyring, workspaceId, { name, type, url })).id;
    },
    async tool(workspaceId, definition) {
      await createTool(db, workspaceId, definition);
    },
    async token(workspaceId, input = { name: 'test' }) {
      return (await createApiToken(db, workspaceId, input)).plaintext;
    },
    async close() {
      await Promise.allSettled(runtimes.splice(0).map((runtime) => runtime.close()));
      await db.$disconnect();
      await database.drop();
    },
  };
}

/** The real MCP SDK client, connected to a workspace's endpoint with a bearer token. */
export async function connectClient(
  runtimeUrl: string,
  slug: string,
  token: string,
): Promise<Client> {
  const client = new Client({ name: 'toolplane-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${runtimeUrl}/t/${slug}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** A raw JSON-RPC POST (for what the SDK client never sends). */
export async function postMcp(
  runtimeUrl: string,
  slug: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${runtimeUrl}/t/${slug}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
