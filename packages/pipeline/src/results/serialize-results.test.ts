import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { serializeResults } from './serialize-results';
import { shapeResults } from './shape-results';
import { toJsonValue } from './to-json-value';

describe('serializeResults', () => {
  it('produces the spec example: one text block with the JSON array', () => {
    const results = [{ id: 42, name: 'Jane Doe', email: 'jane@example.com' }];
    const result = serializeResults(results, false);
    expect(result.content).toEqual([
      { type: 'text', text: '[{"id":42,"name":"Jane Doe","email":"jane@example.com"}]' },
    ]);
    expect(result.structuredContent).toEqual({ results });
  });

  it('marks truncated results', () => {
    expect(serializeResults([{ a: 1 }], true).structuredContent).toEqual({
      results: [{ a: 1 }],
      truncated: true,
    });
  });

  const shapes: [string, unknown][] = [
    ['rows', [{ id: 1n, at: new Date(0), raw: new Uint8Array([1]) }]],
    ['a handler object', { ok: true }],
    ['a handler scalar', 'done'],
    ['a handler null', null],
    ['a handler array of scalars', [1, 2, 3]],
  ];
  it.each(shapes)('is accepted by the MCP SDK CallToolResultSchema: %s', (_label, value) => {
    const result = serializeResults(shapeResults(toJsonValue(value)), false);
    const parsed = CallToolResultSchema.safeParse(result);
    expect(parsed.success).toBe(true);
    expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent.results);
  });
});
