/**
 * The "SDK floor" (after ../shared/bench-kit/servers/sdk-server.mjs, SDK_HOIST=1, JSON replies):
 * a minimal server on @modelcontextprotocol/sdk's Streamable HTTP transport, stateless, over
 * node:http, serving the same get_user query through a pg pool with a named (prepared)
 * statement. SDK 1.x binds one transport per McpServer, so stateless mode builds both per request
 * (as the SDK's own stateless example does); the zod shape and the Ajv validator are built once.
 * No auth, no logging. Started by run.ts as a child process:
 *   node --import tsx bench/runtime/sdk-floor.ts PORT DATABASE_URL [POOL_MAX]
 */
import http from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import pg from 'pg';
import { z } from 'zod';

const [port, databaseUrl, poolMax] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(poolMax ?? 4) });
const shape = { id: z.number().int().describe('user id') };
const validator = new AjvJsonSchemaValidator();

function buildServer(): McpServer {
  const server = new McpServer(
    { name: 'sdk-floor', version: '1.0.0' },
    { jsonSchemaValidator: validator },
  );
  server.registerTool(
    'get_user',
    { description: 'One user by id', inputSchema: shape },
    async ({ id }) => {
      const r = await pool.query({
        name: 'get_user',
        text: 'SELECT id, name, email FROM users WHERE id = $1',
        values: [id],
      });
      return {
        content: r.rows.map((row) => ({ type: 'text' as const, text: JSON.stringify(row) })),
      };
    },
  );
  return server;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

const server = http.createServer(async (req, res) => {
  if ((req.url ?? '').split('?')[0] !== '/mcp') return sendJson(res, 404, { error: 'not found' });
  if (req.method !== 'POST') {
    return sendJson(res, 405, {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: 'Method not allowed.' },
    });
  }
  const mcp = buildServer();
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  res.on('close', () => {
    void transport.close();
    void mcp.close();
  });
  try {
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  } catch (error) {
    process.stderr.write(`sdk floor: ${(error as Error).message}\n`);
    if (!res.headersSent) {
      sendJson(res, 500, {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32603, message: 'internal' },
      });
    }
  }
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => {
  process.stdout.write('sdk floor listening\n');
});

// Exit normally on SIGTERM so --cpu-prof (run.ts --cpu-prof) writes its profile.
process.on('SIGTERM', () => process.exit(0));
