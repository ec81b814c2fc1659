import type { ScriptError } from '../sandbox-types';

const ISOLATE_KINDS = new Set(['thrown', 'export', 'result']);

export type Decoded = { ok: true; value: unknown } | { ok: false; error: ScriptError };

/**
 * Reads the runner's answer: `R` + JSON, or `E` + `{ kind, message }`. The string comes from the
 * isolate, so it is checked again: size, JSON syntax, known kinds only.
 */
export function decodeEnvelope(envelope: unknown, maxResultBytes: number): Decoded {
  if (typeof envelope !== 'string' || envelope.length === 0) {
    return { ok: false, error: { kind: 'internal', message: 'script failed: internal error' } };
  }
  const body = envelope.slice(1);
  if (envelope[0] === 'R') {
    if (body.length > maxResultBytes || Buffer.byteLength(body) > maxResultBytes) {
      return {
        ok: false,
        error: { kind: 'result', message: `the result is larger than ${maxResultBytes} bytes` },
      };
    }
    try {
      return { ok: true, value: JSON.parse(body) };
    } catch {
      return { ok: false, error: { kind: 'result', message: 'the result is not valid JSON' } };
    }
  }
  if (envelope[0] === 'E') {
    try {
      const parsed = JSON.parse(body) as { kind?: unknown; message?: unknown };
      if (
        typeof parsed.kind === 'string' &&
        ISOLATE_KINDS.has(parsed.kind) &&
        typeof parsed.message === 'string'
      ) {
        return {
          ok: false,
          error: { kind: parsed.kind as ScriptError['kind'], message: parsed.message },
        };
      }
    } catch {}
  }
  return { ok: false, error: { kind: 'internal', message: 'script failed: internal error' } };
}
