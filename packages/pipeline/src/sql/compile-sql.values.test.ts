import { describe, expect, it } from 'vitest';
import type { InputSpec } from '../inputs/input-spec';
import type { InputType } from '../inputs/input-type';
import { bindParams } from '../params/bind-params';
import { compileSql } from './compile-sql';
import type { SqlDialect } from './sql-token';

/** Values an attacker (or a confused model) might send as a string input. */
const HOSTILE_VALUES: readonly string[] = [
  "'",
  "''",
  "' OR '1'='1",
  "x' OR 1=1 --",
  "x'; DROP TABLE users; --",
  '1; DROP TABLE users',
  '"; DROP TABLE users; --',
  "') UNION SELECT password FROM admins --",
  '-- comment',
  '/* open comment',
  '*/',
  '# mysql comment',
  '$$ dollar body $$',
  '$1',
  '?',
  '{{ inputs.other }}',
  '\\',
  "\\'",
  "\\'; DROP TABLE t; --",
  '\\x27',
  '\u2019 OR 1=1 \u2018',
  '\u02bc OR 1=1',
  '\uff07; DROP TABLE t',
  'nul\u0000byte',
  '\u0000',
  'line\nbreak\r\n',
  'tab\tand\u000bvertical',
  '%_%',
  'emoji 😀 and 中文',
  'x'.repeat(100_000),
  "'".repeat(10_000),
];

const TYPES: Record<string, InputType> = { q: 'string', id: 'int', on: 'boolean' };
const inputs: ReadonlyMap<string, InputSpec> = new Map(
  Object.entries(TYPES).map(([name, type]) => [
    name,
    { name, type, description: undefined, optional: false, default: undefined },
  ]),
);

const STATEMENTS: Record<SqlDialect, string> = {
  postgres:
    "SELECT * FROM users WHERE name = '{{ inputs.q }}' OR bio ILIKE '%{{ inputs.q }}%' OR note = E'\\t{{ inputs.q }}' AND id = {{ inputs.id }} AND active = {{ inputs.on }}",
  mysql:
    "SELECT * FROM users WHERE name = '{{ inputs.q }}' OR bio LIKE \"%{{ inputs.q }}%\" OR note = '\\t{{ inputs.q }}' AND id = {{ inputs.id }} AND active = {{ inputs.on }}",
};
const EXPECTED_TEXT: Record<SqlDialect, string> = {
  postgres:
    'SELECT * FROM users WHERE name = $1 OR bio ILIKE $2 OR note = $3 AND id = $4 AND active = $5::boolean',
  mysql: 'SELECT * FROM users WHERE name = ? OR bio LIKE ? OR note = ? AND id = ? AND active = ?',
};

describe.each(['postgres', 'mysql'] as const)('values corpus (%s)', (dialect) => {
  const compiled = compileSql(STATEMENTS[dialect], { dialect, inputs, legacyPlaceholders: false })
    .compiled!;
  const legacy = compileSql('SELECT * FROM users WHERE name = {{ inputs.q }}', {
    dialect,
    inputs,
    legacyPlaceholders: true,
  }).compiled!;

  it('compiles the statement once, to fixed text', () => {
    expect(compiled.text).toBe(EXPECTED_TEXT[dialect]);
  });

  it.each(
    HOSTILE_VALUES.map((value) => [
      value.length > 40 ? `${value.slice(0, 20)}…(${value.length})` : value,
      value,
    ]),
  )('value %j arrives only as parameters', (_label, hostile) => {
    const params = bindParams(compiled.params, {
      inputs: { q: hostile, id: 7, on: true },
      env: {},
    });
    expect(params).toEqual([hostile, `%${hostile}%`, `\t${hostile}`, 7, true]);
    // Binding never touches the statement text.
    expect(compiled.text).toBe(EXPECTED_TEXT[dialect]);
    expect(bindParams(legacy.params, { inputs: { q: hostile }, env: {} })).toEqual([hostile]);
    expect(legacy.text).toBe(
      dialect === 'postgres'
        ? 'SELECT * FROM users WHERE name = $1'
        : 'SELECT * FROM users WHERE name = ?',
    );
  });

  it('binds a secret the same way, never into the text', () => {
    const result = compileSql("SELECT * FROM t WHERE k = '{{ env.API_KEY }}'", {
      dialect,
      inputs,
      legacyPlaceholders: false,
    }).compiled!;
    const secret = "s3cr3t' OR '1'='1";
    expect(result.text).not.toContain('s3cr3t');
    expect(bindParams(result.params, { inputs: {}, env: { API_KEY: secret } })).toEqual([secret]);
  });
});

describe('bindParams', () => {
  const q = { scope: 'inputs', name: 'q' } as const;
  it('renders typed values as text inside literals', () => {
    expect(
      bindParams(
        [
          { kind: 'text', parts: ['n=', { scope: 'inputs', name: 'n' }] },
          { kind: 'text', parts: ['b=', { scope: 'inputs', name: 'b' }] },
          { kind: 'text', parts: ['f=', { scope: 'inputs', name: 'f' }] },
        ],
        { inputs: { n: 42, b: false, f: 1.5 }, env: {} },
      ),
    ).toEqual(['n=42', 'b=false', 'f=1.5']);
  });
  it('binds null for an absent optional value, empty text inside a larger literal', () => {
    expect(
      bindParams(
        [
          { kind: 'value', ref: q },
          { kind: 'text', parts: [q] },
          { kind: 'text', parts: ['%', q, '%'] },
        ],
        { inputs: {}, env: {} },
      ),
    ).toEqual([null, null, '%%']);
  });
});
