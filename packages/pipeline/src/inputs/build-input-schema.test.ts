import { describe, expect, it } from 'vitest';
import { buildInputSchema } from './build-input-schema';

describe('buildInputSchema', () => {
  it('maps types, descriptions and required (= neither optional nor defaulted)', () => {
    const schema = buildInputSchema([
      { name: 'id', type: 'int', description: 'User id', optional: false, default: undefined },
      { name: 'q', type: 'string', description: undefined, optional: true, default: undefined },
      { name: 'limit', type: 'int', description: undefined, optional: false, default: 10 },
      { name: 'ratio', type: 'float', description: undefined, optional: true, default: undefined },
      { name: 'on', type: 'boolean', description: undefined, optional: true, default: undefined },
      { name: 'since', type: 'datetime', description: 'From', optional: true, default: undefined },
    ]);
    expect(schema.required).toEqual(['id']);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.id).toEqual({
      type: 'integer',
      minimum: Number.MIN_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'User id',
    });
    expect(schema.properties.q).toEqual({ type: 'string' });
    expect(schema.properties.limit?.default).toBe(10);
    expect(schema.properties.ratio?.type).toBe('number');
    expect(schema.properties.on?.type).toBe('boolean');
    expect(schema.properties.since?.type).toBe('string');
    expect(schema.properties.since?.description).toContain('RFC 3339');
    const pattern = new RegExp(schema.properties.since?.pattern ?? '');
    expect(pattern.test('2024-01-02')).toBe(true);
    expect(pattern.test('2024-01-02T03:04:05+01:00')).toBe(true);
    expect(pattern.test('tomorrow')).toBe(false);
  });
  it('omits required when nothing is required', () => {
    expect(buildInputSchema([])).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
  });
});
