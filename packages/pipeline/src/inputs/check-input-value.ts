import { describeValue } from './describe-value';
import { INT_MAX, INT_MIN, type InputType, type InputValue } from './input-type';
import { isDatetime } from './is-datetime';

export type InputCheck = { ok: true; value: InputValue } | { ok: false; problem: string };

const EXPECTED: Record<InputType, string> = {
  string: 'string',
  int: 'int',
  float: 'float',
  boolean: 'boolean',
  datetime: 'datetime (RFC 3339 or YYYY-MM-DD)',
};

function mismatch(type: InputType, value: unknown): InputCheck {
  return { ok: false, problem: `expected ${EXPECTED[type]}, got ${describeValue(value)}` };
}

/**
 * Strict check of one value against a declared type. No coercion between JSON types; the only
 * conversions are lossless ones a mapper may produce (a safe-range bigint for `int`, a valid
 * Date for `datetime`, which becomes its ISO string).
 */
export function checkInputValue(type: InputType, value: unknown): InputCheck {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? { ok: true, value } : mismatch(type, value);
    case 'boolean':
      return typeof value === 'boolean' ? { ok: true, value } : mismatch(type, value);
    case 'float':
      return typeof value === 'number' && Number.isFinite(value)
        ? { ok: true, value }
        : mismatch(type, value);
    case 'int': {
      const n = typeof value === 'bigint' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n) || !Number.isInteger(n)) {
        return mismatch(type, value);
      }
      if (n < INT_MIN || n > INT_MAX) {
        return {
          ok: false,
          problem: `int out of range (±${INT_MAX}), got ${describeValue(value)}`,
        };
      }
      return { ok: true, value: n };
    }
    case 'datetime':
      if (typeof value === 'string' && isDatetime(value)) return { ok: true, value };
      if (value instanceof Date && !Number.isNaN(value.getTime())) {
        return { ok: true, value: value.toISOString() };
      }
      return mismatch(type, value);
  }
}
