import { describe, expect, it } from 'vitest';
import type { InputSpec } from '../inputs/input-spec';
import type { InputType } from '../inputs/input-type';
import { bindArgs } from './bind-args';
import { compileRedis } from './compile-redis';

const TYPES: Record<string, InputType> = { id: 'int', name: 'string', on: 'boolean' };
const inputs: ReadonlyMap<string, InputSpec> = new Map(
  Object.entries(TYPES).map(([name, type]) => [
    name,
    { name, type, description: undefined, optional: true, default: undefined },
  ]),
);

function argv(statement: string, values: Record<string, string | number | boolean>) {
  const { compiled, diagnostics } = compileRedis(statement, { inputs });
  expect(diagnostics).toEqual([]);
  return [compiled!.command, ...bindArgs(compiled!.args, { inputs: values, env: { NS: 'acme' } })];
}

describe('Redis argument splitting', () => {
  const cases: [string, Record<string, string | number | boolean>, string[]][] = [
    ['GET user:{{ inputs.id }}', { id: 42 }, ['GET', 'user:42']],
    ['get   user:{{inputs.id}}  ', { id: 1 }, ['GET', 'user:1']],
    ['SET {{ inputs.name }} {{ inputs.id }}', { name: 'a b c', id: 7 }, ['SET', 'a b c', '7']],
    ['HGET {{ env.NS }}:users {{ inputs.name }}', { name: 'x' }, ['HGET', 'acme:users', 'x']],
    [
      'SET key {{ inputs.name }}',
      { name: 'value\r\nFLUSHALL\r\n' },
      ['SET', 'key', 'value\r\nFLUSHALL\r\n'],
    ],
    ['SET key {{ inputs.name }}', { name: '' }, ['SET', 'key', '']],
    ['SET key {{ inputs.name }}', {}, ['SET', 'key', '']],
    ['SET k:{{ inputs.id }}:{{ inputs.on }} 1', { id: 3, on: true }, ['SET', 'k:3:true', '1']],
    ['ZRANGE\tboard\n0 {{ inputs.id }}', { id: -1 }, ['ZRANGE', 'board', '0', '-1']],
    ["SET 'quoted value' x", {}, ['SET', "'quoted", "value'", 'x']],
  ];
  it.each(cases)('%j with %j', (statement, values, expected) => {
    expect(argv(statement, values)).toEqual(expected);
  });

  it('keeps the argument count fixed whatever the values hold', () => {
    const { compiled } = compileRedis('SET key {{ inputs.name }}', { inputs });
    for (const value of ['a b', ' ', '"x" "y"', 'x\ny', '{{ inputs.id }}']) {
      expect(bindArgs(compiled!.args, { inputs: { name: value }, env: {} })).toEqual([
        'key',
        value,
      ]);
    }
  });

  const refused: [string, string, number, number][] = [
    ['{{ inputs.name }} key', 'PLACEHOLDER_POSITION', 1, 1],
    ['GET {{ inputs.nope }}', 'INPUT_UNDECLARED', 1, 5],
    ['GET {{ inputs.id', 'PLACEHOLDER_MALFORMED', 1, 5],
    ['GET {{ input.id }}', 'PLACEHOLDER_MALFORMED', 1, 5],
    ['   ', 'STATEMENT_EMPTY', 0, 0],
  ];
  it.each(refused)('refuses %j with %s', (statement, code, line, column) => {
    const { compiled, diagnostics } = compileRedis(statement, { inputs });
    expect(compiled).toBeUndefined();
    expect(diagnostics[0]?.code).toBe(code);
    if (line > 0) expect(diagnostics[0]).toMatchObject({ line, column });
  });
});
