/**
 * The "lean floor" (after ../shared/bench-kit/servers/lean-floor.mjs): the least a Node MCP
 * server can do for a stateless tools/call — node:http, one JSON.parse, one prepared pg query,
 * one JSON reply. No auth, no pipeline, no logging. Started by run.ts as a child process:
 *   node --import tsx bench/runtime/lean-floor.ts PORT DATABASE_URL [POOL_MAX]
 */
import http from 'node:http';
import pg from 'pg';

const [port, databaseUrl, poolMax] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(poolMax ?? 4) });
const TEXT = 'SELECT id, name, email FROM users WHERE id = $1';

function reply(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

const server = http.createServer((req, res) => {
  if (req.method !== 'POST') return reply(res, 405, { error: 'method not allowed' });
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', async () => {
    let msg: { id?: unknown; method?: string; params?: Record<string, unknown> };
    try {
      msg = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return reply(res, 400, {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'parse' },
      });
    }
    const { id, method, params } = msg;
    if (id === undefined) {
      res.writeHead(202);
      return res.end();
    }
    if (method === 'initialize') {
      return reply(res, 200, {
        jsonrpc: '2.0',
        id,
        result: {
          protocolVersion: params?.protocolVersion ?? '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'lean-floor', version: '0' },
        },
      });
    }
    if (method !== 'tools/call' || params?.name !== 'get_user') {
      return reply(res, 200, { jsonrpc: '2.0', id, error: { code: -32601, message: 'not found' } });
    }
    try {
      const args = params.arguments as { id: number };
      const r = await pool.query({ name: 'get_user', text: TEXT, values: [args.id] });
      reply(res, 200, {
        jsonrpc: '2.0',
        id,
        result: { content: [{ type: 'text', text: JSON.stringify(r.rows) }] },
      });
    } catch (e) {
      reply(res, 200, {
        jsonrpc: '2.0',
        id,
        error: { code: -32000, message: (e as Error).message },
      });
    }
  });
});
server.listen(Number(port), '127.0.0.1', () => {
  process.stdout.write('lean floor listening\n');
});

// Exit normally on SIGTERM so --cpu-prof (run.ts --cpu-prof) writes its profile.
process.on('SIGTERM', () => process.exit(0));
