import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** Writes a JSON (or empty) answer with its length; never a chunked body. */
export function sendBody(
  res: ServerResponse,
  status: number,
  body: string | null,
  headers: OutgoingHttpHeaders,
): void {
  if (body === null) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  headers['content-type'] = 'application/json';
  headers['content-length'] = Buffer.byteLength(body);
  res.writeHead(status, headers);
  res.end(body);
}
