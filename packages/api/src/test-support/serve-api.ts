import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

export interface ServedApi {
  /** e.g. http://127.0.0.1:43123 — the API is at `${origin}/api/v1`. */
  origin: string;
  close(): Promise<void>;
}

/** node:http → Web Request (what Next gives route handlers). */
export function toWebRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    ...(hasBody
      ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' as const }
      : {}),
  } as RequestInit);
}

/** Web Response → node:http. */
export async function writeWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    res.appendHeader(name, value);
  });
  if (!response.body) {
    res.end();
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  res.end(body);
}

/**
 * Serves a `(Request) => Response` handler (createApiHandler's) over real HTTP on an ephemeral
 * port, without Next: for this package's tests and the CLI's end-to-end test.
 */
export async function serveApi(
  handler: (request: Request) => Promise<Response>,
  options: { host?: string; port?: number } = {},
): Promise<ServedApi> {
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const response = await handler(toWebRequest(req, origin));
        // Answered before the body was read (413, 401): the socket cannot be reused.
        if (!req.complete) response.headers.set('connection', 'close');
        await writeWebResponse(res, response);
      } catch {
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
