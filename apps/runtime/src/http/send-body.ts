import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** Writes a JSON (or empty) answer with its length; never a chunked body. */
export function sendBody(
  res: ServerResponse,
  status: number,
  body: string | readonly Buffer[] | null,
  headers: OutgoingHttpHeaders,
): void {
  if (body === null) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  headers['content-type'] = 'application/json';
  if (typeof body === 'string') {
    headers['content-length'] = Buffer.byteLength(body);
    res.writeHead(status, headers);
    res.end(body);
    return;
  }
  let length = 0;
  for (const chunk of body) length += chunk.length;
  headers['content-length'] = length;
  res.writeHead(status, headers);
  // One write of all the chunks (with the headers), not one per chunk.
  res.cork();
  for (let i = 0; i < body.length - 1; i++) res.write(body[i]);
  res.end(body[body.length - 1]);
  res.uncork();
}
