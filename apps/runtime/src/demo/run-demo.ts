import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
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
  findUserByEmail,
  getConnectorByName,
  getToolByName,
  getWorkspaceBySlug,
  updateConnector,
} from '@toolplane/db';
import { applyMigrations } from '@toolplane/db/migrator';
import { decodeKey } from '@toolplane/env';
import pg from 'pg';
import { createLogger } from '../logger';
import { startRuntime } from '../start-runtime';
import { DEMO_DATA_SQL, demoTools } from './demo-definitions';

// `npm run demo`: a demo workspace beside `npm start` (or on its own). Reads the same
// configuration npm start uses: DATABASE_URL, else the embedded PostgreSQL npm start runs; the
// keys from the environment, else npm start's development keys.
const say = (line: string) => process.stdout.write(`${line}\n`);

export interface DemoOptions {
  root: string;
  env: Record<string, string | undefined>;
}

export interface RunningDemo {
  readonly mcpUrl: string;
  readonly token: string;
  /** Whether the demo started its own runtime (no `npm start` runtime was answering). */
  readonly ownRuntime: boolean;
  /** Stops the demo's own runtime, if any. */
  stop(): Promise<void>;
}

export async function runDemo({ root, env }: DemoOptions): Promise<RunningDemo> {
  const stateDir = path.resolve(env.TOOLPLANE_DATA_DIR ?? path.join(root, '.toolplane'));
  const keys = readKeys(env, stateDir);
  const controlPlaneUrl = await findControlPlane(env, stateDir);
  await applyMigrations({ databaseUrl: controlPlaneUrl });

  const demoDatabase = env.TOOLPLANE_DEMO_DATABASE ?? 'toolplane_demo';
  const demoUrl = await resetDemoDatabase(controlPlaneUrl, demoDatabase);
  say(
    `• Sample data loaded into ${demoDatabase}, a database of its own (never the control plane's)`,
  );

  const db = createDb({ databaseUrl: controlPlaneUrl, max: 2, applicationName: 'toolplane-demo' });
  try {
    const keyring = createKeyring([parseMasterKey(keys.masterKey)]);
    const { workspaceId, token } = await seedWorkspace(db, keyring, demoUrl);
    const runtimePort = Number(env.RUNTIME_PORT ?? 4000);
    let runtimeUrl = `http://127.0.0.1:${runtimePort}`;
    let ownRuntime: Awaited<ReturnType<typeof startRuntime>> | undefined;
    if (await isPortAnswering(runtimePort)) {
      say(`• Using the runtime already running on ${runtimeUrl} (npm start)`);
    } else {
      ownRuntime = await startRuntime({
        databaseUrl: controlPlaneUrl,
        masterKeys: [keys.masterKey],
        signingKey: keys.signingKey,
        redisUrl: env.REDIS_URL,
        host: '127.0.0.1',
        port: runtimePort,
        allowPrivateNetworks: true,
        logger: createLogger({ level: 'warn' }),
      });
      runtimeUrl = ownRuntime.url;
      say(`• Started a runtime on ${runtimeUrl} (Ctrl-C stops it)`);
    }
    const mcpUrl = `${runtimeUrl}/t/demo/mcp`;
    say('');
    say(`Workspace   demo (${workspaceId})`);
    say(`MCP URL     ${mcpUrl}`);
    say(`Token       ${token}   (shown once; run the demo again for a new one)`);
    say('');
    say('Client configuration (Claude Desktop, Cursor, VS Code and other MCP clients):');
    say(
      JSON.stringify(
        {
          mcpServers: {
            'toolplane-demo': {
              type: 'http',
              url: mcpUrl,
              headers: { Authorization: `Bearer ${token}` },
            },
          },
        },
        null,
        2,
      ),
    );
    say('');
    say('Try it:');
    say(
      `  curl -s ${mcpUrl} -H 'content-type: application/json' -H 'authorization: Bearer ${token}' \\`,
    );
    say(
      `    -d '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_customer","arguments":{"id":1}}}'`,
    );
    const runtime = ownRuntime;
    return {
      mcpUrl,
      token,
      ownRuntime: runtime !== undefined,
      stop: async () => {
        await runtime?.close();
      },
    };
  } finally {
    await db.$disconnect();
  }
}

function isPortAnswering(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function readKeys(env: Record<string, string | undefined>, stateDir: string) {
  let masterKey = env.TOOLPLANE_MASTER_KEY;
  let signing = env.TOOLPLANE_RUNTIME_SIGNING_KEY;
  const file = path.join(stateDir, 'dev-keys.json');
  if ((!masterKey || !signing) && existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string | undefined>;
    masterKey ??= stored.TOOLPLANE_MASTER_KEY;
    signing ??= stored.TOOLPLANE_RUNTIME_SIGNING_KEY;
  }
  const signingKey = signing ? decodeKey(signing) : null;
  if (!masterKey || !signingKey || signingKey.length !== 32) {
    throw new DemoError(
      'no keys: set TOOLPLANE_MASTER_KEY and TOOLPLANE_RUNTIME_SIGNING_KEY, or run `npm start` once (it creates development keys the demo reuses).',
    );
  }
  return { masterKey, signingKey };
}

async function findControlPlane(
  env: Record<string, string | undefined>,
  stateDir: string,
): Promise<string> {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const stateFile = path.join(stateDir, 'state.json');
  const port = existsSync(stateFile)
    ? (JSON.parse(readFileSync(stateFile, 'utf8')) as { pgPort?: number }).pgPort
    : undefined;
  if (!port || !(await isPortAnswering(port))) {
    throw new DemoError(
      'no control-plane database: set DATABASE_URL, or keep `npm start` running (it serves an embedded PostgreSQL the demo uses).',
    );
  }
  return `postgres://postgres:toolplane@127.0.0.1:${port}/toolplane`;
}

/** (Re)creates the demo database on the control plane's server and loads the sample data. */
async function resetDemoDatabase(controlPlaneUrl: string, name: string): Promise<string> {
  const url = new URL(controlPlaneUrl);
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new DemoError(`bad demo database name ${name}`);
  if (decodeURIComponent(url.pathname.slice(1)) === name) {
    throw new DemoError(
      `DATABASE_URL names ${name}: the demo data never goes into the control-plane database`,
    );
  }
  const admin = new pg.Client({ connectionString: controlPlaneUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  const demo = new pg.Client({ connectionString: url.toString() });
  await demo.connect();
  try {
    await demo.query(DEMO_DATA_SQL);
  } finally {
    await demo.end();
  }
  return url.toString();
}

async function seedWorkspace(
  db: DbClient,
  keyring: ReturnType<typeof createKeyring>,
  demoUrl: string,
): Promise<{ workspaceId: string; token: string }> {
  const user =
    (await findUserByEmail(db, 'demo@toolplane.local')) ??
    (await createUser(db, { email: 'demo@toolplane.local', name: 'Demo' }));
  const workspace =
    (await getWorkspaceBySlug(db, 'demo')) ??
    (await createWorkspace(db, keyring, { slug: 'demo', name: 'Demo shop', ownerUserId: user.id }));
  const existing = await getConnectorByName(db, workspace.id, 'shop');
  const connectorId = existing
    ? (
        await updateConnector(db, keyring, workspace.id, existing.id, {
          expectedVersion: existing.version,
          url: demoUrl,
        })
      ).id
    : (
        await createConnector(db, keyring, workspace.id, {
          name: 'shop',
          type: 'postgres',
          url: demoUrl,
        })
      ).id;
  for (const tool of demoTools(connectorId)) {
    if (!(await getToolByName(db, workspace.id, tool.name)))
      await createTool(db, workspace.id, tool);
  }
  say('• Demo workspace "demo" ready: 3 statement tools, 1 script tool');
  const { plaintext } = await createApiToken(db, workspace.id, {
    name: `demo ${new Date().toISOString()}`,
  });
  return { workspaceId: workspace.id, token: plaintext };
}

/** A problem the person running the demo can fix: one line, no stack. */
export class DemoError extends Error {
  override readonly name = 'DemoError';
}
