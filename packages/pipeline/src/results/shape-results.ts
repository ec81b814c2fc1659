function isRow(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Hyperterse's rule for turning a handler's (or mapper's, or Redis reply's) return value into
 * rows: null → [], an array → its elements with non-objects wrapped as `{ value }`, an object →
 * [object], a scalar → [{ value }]. Expects JSON values (see toJsonValue).
 */
export function shapeResults(value: unknown): Record<string, unknown>[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) {
    let allRows = true;
    for (const item of value) {
      if (!isRow(item)) {
        allRows = false;
        break;
      }
    }
    if (allRows) return value as Record<string, unknown>[];
    return value.map((item) => (isRow(item) ? item : { value: item }));
  }
  if (isRow(value)) return [value];
  return [{ value }];
}
