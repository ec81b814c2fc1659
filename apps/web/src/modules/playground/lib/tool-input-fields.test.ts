import { describe, expect, it } from 'vitest';
import { parseHeaderLines } from './parse-header-lines';
import { argsFromFields, toolInputFields } from './tool-input-fields';

describe('playground form', () => {
  const fields = toolInputFields([
    { name: 'id', type: 'int', description: 'User id' },
    { name: 'ratio', type: 'float', optional: true },
    { name: 'active', type: 'boolean', default: true },
    { name: 'q', type: 'string' },
    'garbage',
  ]);

  it('reads declarations, treating defaulted inputs as optional', () => {
    expect(fields.map((f) => [f.name, f.type, f.optional])).toEqual([
      ['id', 'int', false],
      ['ratio', 'float', true],
      ['active', 'boolean', true],
      ['q', 'string', false],
    ]);
  });

  it('converts clean numbers and booleans, omits empty optional fields, keeps the rest as typed', () => {
    expect(argsFromFields(fields, { id: '42', ratio: '', active: 'false', q: "o'brien" })).toEqual({
      id: 42,
      active: false,
      q: "o'brien",
    });
    // 42.9 for an int stays text: the pipeline refuses it and names the field.
    expect(argsFromFields(fields, { id: '42.9', q: 'x' }).id).toBe('42.9');
  });

  it('parses header lines and refuses malformed ones', () => {
    expect(parseHeaderLines('X-Api-Key: abc\n\nX-Tenant:  t1 ')).toEqual({
      ok: true,
      headers: { 'x-api-key': 'abc', 'x-tenant': 't1' },
    });
    expect(parseHeaderLines('no colon here').ok).toBe(false);
  });
});
