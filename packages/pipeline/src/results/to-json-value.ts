import { encodeBase64 } from './encode-base64';

/** Thrown by `toJsonValue` for a value JSON cannot represent (a cycle). */
export class JsonValueError extends Error {
  override readonly name = 'JsonValueError';
}

function isBufferJson(value: object): value is { type: 'Buffer'; data: number[] } {
  const candidate = value as { type?: unknown; data?: unknown };
  return (
    candidate.type === 'Buffer' &&
    Array.isArray(candidate.data) &&
    Object.keys(value).length === 2 &&
    candidate.data.every((byte) => Number.isInteger(byte) && byte >= 0 && byte <= 255)
  );
}

function bytesOf(view: ArrayBufferView): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

/** `undefined` means "omit" (a function, symbol or undefined), as in JSON.stringify. */
function convert(value: unknown, ancestors: Set<object>): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(value)
        : value.toString();
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (ArrayBuffer.isView(value)) return encodeBase64(bytesOf(value));
  if (value instanceof ArrayBuffer) return encodeBase64(new Uint8Array(value));
  if (ancestors.has(value)) throw new JsonValueError('result contains a circular reference');
  ancestors.add(value);
  try {
    if (Array.isArray(value)) return convertArray(value, ancestors);
    if (value instanceof Set) return convertArray([...value], ancestors);
    if (value instanceof Map) {
      return convertObject(
        Object.fromEntries([...value].map(([key, item]) => [String(key), item])),
        ancestors,
      );
    }
    if (isBufferJson(value)) return encodeBase64(Uint8Array.from(value.data));
    const { toJSON } = value as { toJSON?: unknown };
    if (typeof toJSON === 'function') return convert(toJSON.call(value), ancestors);
    return convertObject(value as Record<string, unknown>, ancestors);
  } finally {
    ancestors.delete(value);
  }
}

// Copy-on-write: rows that are already plain JSON (the common case) are returned as they are.
function convertArray(items: readonly unknown[], ancestors: Set<object>): unknown[] {
  let copy: unknown[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    let next = convert(item, ancestors);
    if (next === undefined) next = null;
    if (next !== item && copy === undefined) copy = items.slice(0, i);
    copy?.push(next);
  }
  return copy ?? (items as unknown[]);
}

function convertObject(
  object: Record<string, unknown>,
  ancestors: Set<object>,
): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  const keys = Object.keys(object);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const item = object[key];
    const next = convert(item, ancestors);
    if ((next !== item || next === undefined) && copy === undefined) {
      copy = {};
      for (let j = 0; j < i; j++) copy[keys[j]!] = object[keys[j]!];
    }
    if (copy !== undefined && next !== undefined) copy[key] = next;
  }
  return copy ?? object;
}

/**
 * Converts a driver or script result into plain JSON values, predictably:
 * BigInt → number inside the safe-integer range, else its decimal string; Date → ISO 8601
 * string (invalid Date → null); Uint8Array/Buffer/ArrayBuffer/typed arrays and Buffer's JSON
 * form `{ type: 'Buffer', data }` → standard base64 string; Map → object; Set → array; objects
 * with `toJSON` → its result; NaN/±Infinity → null; undefined, functions and symbols are dropped
 * from objects and become null in arrays. Strings — numeric ones included — stay strings.
 * Throws JsonValueError on a cycle.
 */
export function toJsonValue(value: unknown): unknown {
  const converted = convert(value, new Set());
  return converted === undefined ? null : converted;
}
