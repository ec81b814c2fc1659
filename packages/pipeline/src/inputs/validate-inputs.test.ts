import { describe, expect, it } from 'vitest';
import { PipelineError } from '../errors/pipeline-error';
import { type InputSpec, toInputSpecs } from './input-spec';
import type { InputType, InputValue } from './input-type';
import { requireArgumentsObject, validateInputs } from './validate-inputs';

function spec(
  name: string,
  type: InputType,
  extra: { optional?: boolean; default?: InputValue } = {},
): InputSpec {
  return {
    name,
    type,
    description: undefined,
    optional: extra.optional ?? false,
    default: extra.default,
  };
}

function run(specs: InputSpec[], values: Record<string, unknown>) {
  return validateInputs(toInputSpecs(specs), values, 'get-user');
}

function problemOf(specs: InputSpec[], values: Record<string, unknown>): string {
  try {
    run(specs, values);
  } catch (error) {
    expect(error).toBeInstanceOf(PipelineError);
    const e = error as PipelineError;
    expect(e.code).toBe('INPUT_INVALID');
    expect(e.stage).toBe('input_validation');
    return e.message;
  }
  throw new Error('expected validation to fail');
}

describe('validateInputs: accepted values', () => {
  const cases: [InputType, unknown, InputValue][] = [
    ['string', 'abc', 'abc'],
    ['string', '', ''],
    ['string', '42', '42'],
    ['int', 42, 42],
    ['int', -7, -7],
    ['int', 0, 0],
    ['int', 42.0, 42],
    ['int', Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    ['int', Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER],
    ['int', 12n, 12],
    ['float', 1.5, 1.5],
    ['float', 3, 3],
    ['float', -0.25, -0.25],
    ['boolean', true, true],
    ['boolean', false, false],
    ['datetime', '2024-02-29', '2024-02-29'],
    ['datetime', '2024-01-02T03:04:05Z', '2024-01-02T03:04:05Z'],
    ['datetime', '2024-01-02t03:04:05.123456z', '2024-01-02t03:04:05.123456z'],
    ['datetime', '2024-01-02 03:04:05+05:30', '2024-01-02 03:04:05+05:30'],
    ['datetime', '2016-12-31T23:59:60Z', '2016-12-31T23:59:60Z'],
    ['datetime', new Date('2024-01-02T03:04:05Z'), '2024-01-02T03:04:05.000Z'],
  ];
  it.each(cases)('%s accepts %o', (type, value, expected) => {
    expect(run([spec('x', type)], { x: value })).toEqual({ x: expected });
  });
});

describe('validateInputs: every rule names the field', () => {
  const cases: [string, InputSpec[], Record<string, unknown>, string][] = [
    ['missing required', [spec('user_id', 'int')], {}, "input 'user_id': required"],
    [
      'null for a required input',
      [spec('user_id', 'int')],
      { user_id: null },
      "input 'user_id': expected int, got null",
    ],
    [
      'unknown key',
      [spec('user_id', 'int')],
      { user_id: 1, extra: 2 },
      "input 'extra': not declared by tool 'get-user'",
    ],
    [
      'string for int',
      [spec('user_id', 'int')],
      { user_id: 'abc' },
      'input \'user_id\': expected int, got "abc"',
    ],
    [
      'numeric string for int (no coercion)',
      [spec('n', 'int')],
      { n: '42' },
      'input \'n\': expected int, got "42"',
    ],
    ['lossy 42.9 → int', [spec('n', 'int')], { n: 42.9 }, "input 'n': expected int, got 42.9"],
    [
      'int above the safe range',
      [spec('n', 'int')],
      { n: 2 ** 53 },
      "input 'n': int out of range (±9007199254740991), got 9007199254740992",
    ],
    [
      'int below the safe range',
      [spec('n', 'int')],
      { n: -(2 ** 60) },
      "input 'n': int out of range (±9007199254740991), got -1152921504606847000",
    ],
    [
      'bigint out of range',
      [spec('n', 'int')],
      { n: 2n ** 64n },
      "input 'n': int out of range (±9007199254740991), got 18446744073709551616n",
    ],
    ['boolean for int', [spec('n', 'int')], { n: true }, "input 'n': expected int, got true"],
    [
      'string for float',
      [spec('f', 'float')],
      { f: '1.5' },
      'input \'f\': expected float, got "1.5"',
    ],
    [
      'NaN for float',
      [spec('f', 'float')],
      { f: Number.NaN },
      "input 'f': expected float, got NaN",
    ],
    [
      'string for boolean',
      [spec('b', 'boolean')],
      { b: 'true' },
      'input \'b\': expected boolean, got "true"',
    ],
    ['number for boolean', [spec('b', 'boolean')], { b: 1 }, "input 'b': expected boolean, got 1"],
    ['number for string', [spec('s', 'string')], { s: 42 }, "input 's': expected string, got 42"],
    [
      'object for string',
      [spec('s', 'string')],
      { s: { a: 1 } },
      "input 's': expected string, got an object",
    ],
    [
      'array for string',
      [spec('s', 'string')],
      { s: ['a'] },
      "input 's': expected string, got an array",
    ],
    [
      'malformed datetime',
      [spec('d', 'datetime')],
      { d: 'yesterday' },
      'input \'d\': expected datetime (RFC 3339 or YYYY-MM-DD), got "yesterday"',
    ],
    [
      'datetime without offset',
      [spec('d', 'datetime')],
      { d: '2024-01-02T03:04:05' },
      'input \'d\': expected datetime (RFC 3339 or YYYY-MM-DD), got "2024-01-02T03:04:05"',
    ],
    [
      'impossible calendar date',
      [spec('d', 'datetime')],
      { d: '2023-02-29' },
      'input \'d\': expected datetime (RFC 3339 or YYYY-MM-DD), got "2023-02-29"',
    ],
    [
      'hour 24',
      [spec('d', 'datetime')],
      { d: '2024-01-02T24:00:00Z' },
      'input \'d\': expected datetime (RFC 3339 or YYYY-MM-DD), got "2024-01-02T24:00:00Z"',
    ],
    [
      'number for datetime',
      [spec('d', 'datetime')],
      { d: 1700000000 },
      "input 'd': expected datetime (RFC 3339 or YYYY-MM-DD), got 1700000000",
    ],
    [
      'several problems at once',
      [spec('a', 'int'), spec('b', 'string')],
      { b: 1, c: 2 },
      "input 'c': not declared by tool 'get-user'; input 'a': required; input 'b': expected string, got 1",
    ],
  ];
  it.each(cases)('%s', (_label, specs, values, message) => {
    expect(problemOf(specs, values)).toBe(message);
  });

  it('shortens very long values in messages', () => {
    const message = problemOf([spec('n', 'int')], { n: 'x'.repeat(10_000) });
    expect(message.length).toBeLessThan(120);
  });
});

describe('validateInputs: optional and default', () => {
  it('leaves an absent optional input absent', () => {
    expect(run([spec('q', 'string', { optional: true })], {})).toEqual({});
  });
  it('treats null as absent for optional and defaulted inputs', () => {
    expect(run([spec('q', 'string', { optional: true })], { q: null })).toEqual({});
    expect(run([spec('n', 'int', { default: 10 })], { n: null })).toEqual({ n: 10 });
  });
  it('applies defaults and lets a sent value win', () => {
    expect(run([spec('n', 'int', { default: 10 })], {})).toEqual({ n: 10 });
    expect(run([spec('n', 'int', { default: 10 })], { n: 3 })).toEqual({ n: 3 });
  });
  it('still type-checks an optional input that is sent', () => {
    expect(problemOf([spec('n', 'int', { optional: true })], { n: 'x' })).toBe(
      'input \'n\': expected int, got "x"',
    );
  });
});

describe('requireArgumentsObject', () => {
  it('accepts an object and treats absent arguments as {}', () => {
    expect(requireArgumentsObject({ a: 1 }, 't')).toEqual({ a: 1 });
    expect(requireArgumentsObject(undefined, 't')).toEqual({});
  });
  it.each([[null], [[1, 2]], ['text'], [42]])('refuses %o', (args) => {
    expect(() => requireArgumentsObject(args, 't')).toThrow('arguments must be a JSON object');
  });
});
