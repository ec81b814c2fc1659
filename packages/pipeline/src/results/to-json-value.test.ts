import { describe, expect, it } from 'vitest';
import { JsonValueError, toJsonValue } from './to-json-value';

describe('toJsonValue', () => {
  const cases: [string, unknown, unknown][] = [
    ['safe bigint → number', 42n, 42],
    ['negative safe bigint → number', -9007199254740991n, -9007199254740991],
    ['bigint above the safe range → string', 9007199254740992n, '9007199254740992'],
    ['bigint below the safe range → string', -(2n ** 70n), '-1180591620717411303424'],
    ['Date → ISO string', new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6)), '2024-01-02T03:04:05.006Z'],
    ['invalid Date → null', new Date(Number.NaN), null],
    ['Uint8Array → base64', new Uint8Array([104, 105]), 'aGk='],
    ['Buffer → base64', Buffer.from('hello world'), 'aGVsbG8gd29ybGQ='],
    ['ArrayBuffer → base64', new Uint8Array([255, 0, 1]).buffer, '/wAB'],
    ['Buffer JSON form → base64', { type: 'Buffer', data: [1, 2, 3, 4] }, 'AQIDBA=='],
    ['empty bytes → empty string', new Uint8Array([]), ''],
    ['numeric string stays a string', '12345678901234567890.5', '12345678901234567890.5'],
    ['NaN → null', Number.NaN, null],
    ['Infinity → null', Number.POSITIVE_INFINITY, null],
    ['undefined at top level → null', undefined, null],
    [
      'Map → object',
      new Map<unknown, unknown>([
        ['a', 1n],
        [2, 'b'],
      ]),
      { a: 1, '2': 'b' },
    ],
    ['Set → array', new Set([1, 2]), [1, 2]],
    ['toJSON is honoured', { toJSON: () => ({ x: 1n }) }, { x: 1 }],
    [
      'undefined and functions leave objects, become null in arrays',
      { a: undefined, b: () => 1, c: [undefined, () => 1, 2] },
      { c: [null, null, 2] },
    ],
    [
      'nested values',
      { rows: [{ id: 1n, at: new Date(0), raw: new Uint8Array([0]) }] },
      { rows: [{ id: 1, at: '1970-01-01T00:00:00.000Z', raw: 'AA==' }] },
    ],
  ];
  it.each(cases)('%s', (_label, input, expected) => {
    expect(toJsonValue(input)).toEqual(expected);
  });

  it('matches Buffer.toString("base64") for every length', () => {
    for (let length = 0; length < 70; length++) {
      const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 37 + 11) % 256));
      expect(toJsonValue(bytes)).toBe(bytes.toString('base64'));
    }
  });

  it('returns plain JSON rows unchanged (no copy)', () => {
    const rows = [{ id: 1, name: 'a', tags: ['x'] }];
    expect(toJsonValue(rows)).toBe(rows);
  });

  it('does not mutate its input', () => {
    const row = { id: 1n };
    toJsonValue([row]);
    expect(row.id).toBe(1n);
  });

  it('refuses cycles but accepts shared references', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => toJsonValue([cyclic])).toThrow(JsonValueError);
    const shared = { a: 1 };
    expect(toJsonValue([shared, shared])).toEqual([{ a: 1 }, { a: 1 }]);
  });
});
