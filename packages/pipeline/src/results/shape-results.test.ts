import { describe, expect, it } from 'vitest';
import { shapeResults } from './shape-results';

describe('shapeResults (Hyperterse rules)', () => {
  const cases: [string, unknown, unknown[]][] = [
    ['null → []', null, []],
    ['undefined → []', undefined, []],
    ['object → [object]', { id: 1 }, [{ id: 1 }]],
    ['scalar string → [{ value }]', 'ok', [{ value: 'ok' }]],
    ['scalar number → [{ value }]', 42, [{ value: 42 }]],
    ['scalar boolean → [{ value }]', false, [{ value: false }]],
    ['array of objects kept', [{ a: 1 }, { a: 2 }], [{ a: 1 }, { a: 2 }]],
    ['empty array kept', [], []],
    ['array of scalars wrapped', [1, 'b'], [{ value: 1 }, { value: 'b' }]],
    [
      'mixed array: non-objects wrapped',
      [{ a: 1 }, 2, null, [3]],
      [{ a: 1 }, { value: 2 }, { value: null }, { value: [3] }],
    ],
  ];
  it.each(cases)('%s', (_label, input, expected) => {
    expect(shapeResults(input)).toEqual(expected);
  });
});
