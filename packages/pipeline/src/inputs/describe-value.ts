const MAX_SHOWN = 60;

/** A short, JSON-like rendering of a received value for error messages (`"abc"`, `42.9`). */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date) return 'a Date';
  switch (typeof value) {
    case 'string': {
      const shown = JSON.stringify(
        value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value,
      );
      return shown;
    }
    case 'number':
    case 'boolean':
      return String(value);
    case 'bigint':
      return `${value}n`;
    case 'object':
      return 'an object';
    default:
      return `a ${typeof value}`;
  }
}
