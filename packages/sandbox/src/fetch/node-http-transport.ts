import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { FetchRefusal, type FetchTransport, type TransportResponse } from './fetch-types';

/**
 * The real transport: `node:http`/`node:https` with a `lookup` that answers with the address the
 * policy checked, so the socket goes exactly there whatever DNS says by now (no second lookup, no
 * rebinding). TLS still verifies the certificate against the host name. No connection pooling:
 * a pooled socket could be reused for a request whose address was checked separately.
 */
export const nodeHttpTransport: FetchTransport = (request) =>
  new Promise<TransportResponse>((resolve, reject) => {
    const { url, address, family } = request;
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const lookup: LookupFunction = (_name, options, callback) => {
      if (options.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const secure = url.protocol === 'https:';
    const headers: Record<string, string> = { ...request.headers };
    if (request.body) headers['content-length'] = String(request.body.byteLength);
    const outgoing = (secure ? https : http).request({
      protocol: url.protocol,
      hostname: isIP(hostname) ? address : hostname,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers,
      lookup,
      family,
      agent: false,
      signal: request.signal,
      ...(secure && !isIP(hostname) ? { servername: hostname } : {}),
    });
    outgoing.on('error', reject);
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > request.maxResponseBytes) {
          incoming.destroy();
          outgoing.destroy();
          reject(
            new FetchRefusal(
              `fetch to ${url.origin} failed: response body exceeds ${request.maxResponseBytes} bytes`,
            ),
          );
          return;
        }
        chunks.push(chunk);
      });
      incoming.on('error', reject);
      incoming.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) {
          pairs.push([incoming.rawHeaders[i]!.toLowerCase(), incoming.rawHeaders[i + 1]!]);
        }
        const body = Buffer.concat(chunks);
        resolve({
          status: incoming.statusCode ?? 0,
          statusText: incoming.statusMessage ?? '',
          headers: pairs,
          body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
        });
      });
    });
    outgoing.end(request.body ?? undefined);
  });
