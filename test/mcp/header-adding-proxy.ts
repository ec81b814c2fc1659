import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeaderAddingProxy {
  /** `http://localhost:<port>` */
  readonly url: string;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
]);

/**
 * The conformance suite cannot send headers, so this proxy adds the workspace's bearer token:
 * `/<slug>/mcp` → `<runtime>/t/<slug>/mcp` with `Authorization: Bearer <token>`. Host and Origin
 * pass through unchanged, so the runtime's DNS-rebinding checks see what the suite sent.
 */
export async function startHeaderAddingProxy(
  runtimeUrl: string,
  tokens: Readonly<Record<string, string>>,
): Promise<HeaderAddingProxy> {
  const target = new URL(runtimeUrl);
  const server: Server = createServer((req, res) => {
    const match = /^\/([a-z0-9-]+)\/mcp(\?.*)?$/.exec(req.url ?? '');
    const token = match ? tokens[match[1]!] : undefined;
    if (!match || token === undefined) {
      res.writeHead(404).end();
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers.authorization = `Bearer ${token}`;
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: `/t/${match[1]}/mcp${match[2] ?? ''}`,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
