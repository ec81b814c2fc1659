import { ProblemError, problem } from './problem';

/**
 * The request body as JSON, refusing (413) more than `maxBytes` without buffering it all: the
 * declared length is checked first, then the stream is counted as it arrives.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  if (size === 0) return undefined;
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type)) {
    throw new ProblemError(
      problem(415, 'NOT_ACCEPTABLE', 'Send the body as JSON with Content-Type: application/json.'),
    );
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
  try {
    return JSON.parse(text);
  } catch {
    throw new ProblemError(
      problem(400, 'INVALID', 'The request body is not valid JSON.', {
        errors: [{ field: 'body', reason: 'Malformed JSON.' }],
      }),
    );
  }
}

function tooLarge(maxBytes: number): ProblemError {
  return new ProblemError(
    problem(413, 'PAYLOAD_TOO_LARGE', `Request bodies are limited to ${maxBytes} bytes.`),
  );
}
