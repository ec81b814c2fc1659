import { describe, expect, it } from 'vitest';
import type { InputSpec } from '../inputs/input-spec';
import type { InputType } from '../inputs/input-type';
import type { ParamSpec } from '../params/param-spec';
import { compileSql } from './compile-sql';
import type { SqlDialect } from './sql-token';

const TYPES: Record<string, InputType> = {
  id: 'int',
  n: 'int',
  ratio: 'float',
  on: 'boolean',
  since: 'datetime',
  q: 'string',
  status: 'string',
  col: 'string',
};
const inputs: ReadonlyMap<string, InputSpec> = new Map(
  Object.entries(TYPES).map(([name, type]) => [
    name,
    { name, type, description: undefined, optional: false, default: undefined },
  ]),
);

const input = (name: string) => ({ scope: 'inputs', name }) as const;
const env = (name: string) => ({ scope: 'env', name }) as const;
const value = (name: string): ParamSpec => ({ kind: 'value', ref: input(name) });

function compile(dialect: SqlDialect, statement: string, legacyPlaceholders = false) {
  return compileSql(statement, { dialect, inputs, legacyPlaceholders });
}

type Compiled = [SqlDialect, string, string, ParamSpec[]];

describe('statement corpus: compiled correctly', () => {
  const cases: Compiled[] = [
    [
      'postgres',
      'SELECT * FROM users WHERE id = {{ inputs.id }}',
      'SELECT * FROM users WHERE id = $1',
      [value('id')],
    ],
    [
      'mysql',
      'SELECT * FROM users WHERE id = {{inputs.id}}',
      'SELECT * FROM users WHERE id = ?',
      [value('id')],
    ],
    [
      'postgres',
      "SELECT * FROM t WHERE status = '{{ inputs.status }}' AND name ILIKE '%{{ inputs.q }}%'",
      'SELECT * FROM t WHERE status = $1 AND name ILIKE $2',
      [
        { kind: 'text', parts: [input('status')] },
        { kind: 'text', parts: ['%', input('q'), '%'] },
      ],
    ],
    [
      'postgres',
      "SELECT 'it''s {{ inputs.q }}' AS greeting, 'a\\b' AS raw",
      "SELECT $1 AS greeting, 'a\\b' AS raw",
      [{ kind: 'text', parts: ["it's ", input('q')] }],
    ],
    [
      'postgres',
      "SELECT * FROM t WHERE note = E'line\\n\\'{{ inputs.q }}\\' \\x41\\u00e9'",
      'SELECT * FROM t WHERE note = $1',
      [{ kind: 'text', parts: ["line\n'", input('q'), "' Aé"] }],
    ],
    [
      'mysql',
      'SELECT * FROM t WHERE name = "say \\"{{ inputs.q }}\\"" OR name LIKE \'50\\%{{ inputs.q }}\'',
      'SELECT * FROM t WHERE name = ? OR name LIKE ?',
      [
        { kind: 'text', parts: ['say "', input('q'), '"'] },
        { kind: 'text', parts: ['50\\%', input('q')] },
      ],
    ],
    [
      'mysql',
      "SELECT * FROM t WHERE a = 'it''s {{ inputs.q }}' AND b = 'x\\'y'",
      "SELECT * FROM t WHERE a = ? AND b = 'x\\'y'",
      [{ kind: 'text', parts: ["it's ", input('q')] }],
    ],
    [
      'postgres',
      "-- {{ not a placeholder attempt: {{1,2}} }}\nSELECT '{{1,2},{3,4}}'::int[] AS m, {{ inputs.n }} AS n",
      "-- {{ not a placeholder attempt: {{1,2}} }}\nSELECT '{{1,2},{3,4}}'::int[] AS m, $1 AS n",
      [value('n')],
    ],
    [
      'postgres',
      'SELECT * FROM t WHERE a > {{ inputs.ratio }} AND b = {{ inputs.on }} AND c >= {{ inputs.since }} LIMIT {{ inputs.n }} OFFSET {{ inputs.id }}',
      'SELECT * FROM t WHERE a > $1::numeric AND b = $2::boolean AND c >= $3 LIMIT $4 OFFSET $5',
      [value('ratio'), value('on'), value('since'), value('n'), value('id')],
    ],
    [
      'mysql',
      'SELECT * FROM t WHERE id IN ({{ inputs.id }}, {{ inputs.n }}) LIMIT {{ inputs.n }}, {{ inputs.id }}',
      'SELECT * FROM t WHERE id IN (?, ?) LIMIT ?, ?',
      [value('id'), value('n'), value('n'), value('id')],
    ],
    [
      'postgres',
      "INSERT INTO t (a, b, c) VALUES ({{ inputs.id }}, '{{ inputs.q }}', {{ inputs.on }}) RETURNING id",
      'INSERT INTO t (a, b, c) VALUES ($1, $2, $3::boolean) RETURNING id',
      [value('id'), { kind: 'text', parts: [input('q')] }, value('on')],
    ],
    [
      'postgres',
      "UPDATE t SET a = {{ inputs.n }}, b = '{{ inputs.q }}' WHERE id = {{ inputs.id }}",
      'UPDATE t SET a = $1, b = $2 WHERE id = $3',
      [value('n'), { kind: 'text', parts: [input('q')] }, value('id')],
    ],
    [
      'postgres',
      "SELECT * FROM t WHERE created_at > now() - ('{{ inputs.n }} days')::interval AND EXTRACT(YEAR FROM {{ inputs.since }}::date) = 2024",
      'SELECT * FROM t WHERE created_at > now() - ($1)::interval AND EXTRACT(YEAR FROM $2::date) = 2024',
      [{ kind: 'text', parts: [input('n'), ' days'] }, value('since')],
    ],
    [
      'postgres',
      'SELECT * FROM generate_series(1, {{ inputs.n }}) AS g(x) ORDER BY x DESC',
      'SELECT * FROM generate_series(1, $1) AS g(x) ORDER BY x DESC',
      [value('n')],
    ],
    [
      'postgres',
      'SELECT CASE WHEN {{ inputs.on }} THEN a ELSE b END FROM t ORDER BY CASE WHEN {{ inputs.on }} THEN a END',
      'SELECT CASE WHEN $1::boolean THEN a ELSE b END FROM t ORDER BY CASE WHEN $2::boolean THEN a END',
      [value('on'), value('on')],
    ],
    [
      'postgres',
      'SELECT * FROM t WHERE a IS DISTINCT FROM {{ inputs.n }} AND b BETWEEN {{ inputs.n }} AND {{ inputs.id }};',
      'SELECT * FROM t WHERE a IS DISTINCT FROM $1 AND b BETWEEN $2 AND $3;',
      [value('n'), value('n'), value('id')],
    ],
    [
      'mysql',
      'SELECT DATE_ADD(d, INTERVAL {{ inputs.n }} DAY) FROM t -- comment\n# another\n/* block */',
      'SELECT DATE_ADD(d, INTERVAL ? DAY) FROM t -- comment\n# another\n/* block */',
      [value('n')],
    ],
    [
      'postgres',
      "SELECT * FROM t WHERE key = '{{ env.TENANT }}' AND id = {{ inputs.id }}",
      'SELECT * FROM t WHERE key = $1 AND id = $2',
      [{ kind: 'text', parts: [env('TENANT')] }, value('id')],
    ],
    [
      'postgres',
      'SELECT {{ inputs.n }}::int + 1 AS next, ARRAY[{{ inputs.id }}] AS ids',
      'SELECT $1::int + 1 AS next, ARRAY[$2] AS ids',
      [value('n'), value('id')],
    ],
    [
      'postgres',
      "SELECT $fn$ body with 'quotes' $fn$ AS src, '{{ inputs.q }}' AS q",
      "SELECT $fn$ body with 'quotes' $fn$ AS src, $1 AS q",
      [{ kind: 'text', parts: [input('q')] }],
    ],
    [
      'postgres',
      'SELECT "Weird ""Name""" FROM t WHERE x = {{ inputs.n }} /* outer /* nested */ still comment */',
      'SELECT "Weird ""Name""" FROM t WHERE x = $1 /* outer /* nested */ still comment */',
      [value('n')],
    ],
    [
      'mysql',
      'SELECT `order`, "{{ inputs.q }}" AS q FROM `t` WHERE a--{{ inputs.n }} > 0',
      'SELECT `order`, ? AS q FROM `t` WHERE a--? > 0',
      [{ kind: 'text', parts: [input('q')] }, value('n')],
    ],
  ];
  it.each(cases)('%s: %s', (dialect, statement, text, params) => {
    const result = compile(dialect, statement);
    expect(result.diagnostics).toEqual([]);
    expect(result.compiled).toMatchObject({ dialect, text, params });
    expect(result.compiled?.paramTypes).toHaveLength(params.length);
  });

  it('types Postgres parameters like the literals they stand for', () => {
    const result = compile(
      'postgres',
      "SELECT {{ inputs.ratio }} * 2, {{ inputs.on }}, {{ inputs.ratio }}::float4 FROM t WHERE ({{ inputs.id }} IS NULL OR id = {{ inputs.id }}) AND ({{ inputs.since }} IS NULL OR '{{ inputs.q }}' IS NOT NULL)",
    );
    expect(result.compiled?.text).toBe(
      'SELECT $1::numeric * 2, $2::boolean, $3::float4 FROM t WHERE ($4::int8 IS NULL OR id = $5) AND ($6::timestamptz IS NULL OR $7::text IS NOT NULL)',
    );
    expect(result.compiled?.paramTypes).toEqual([
      'float',
      'boolean',
      'float',
      'int',
      'int',
      'datetime',
      'text',
    ]);
    const mysql = compile(
      'mysql',
      'SELECT {{ inputs.ratio }} * 2 FROM t WHERE {{ inputs.id }} IS NULL',
    );
    expect(mysql.compiled?.text).toBe('SELECT ? * 2 FROM t WHERE ? IS NULL');
    expect(mysql.compiled?.paramTypes).toEqual(['float', 'int']);
  });

  it('binds bare string placeholders with the legacy flag', () => {
    const result = compile('postgres', 'SELECT * FROM t WHERE status = {{ inputs.status }}', true);
    expect(result.compiled).toEqual({
      dialect: 'postgres',
      text: 'SELECT * FROM t WHERE status = $1',
      params: [value('status')],
      paramTypes: ['string'],
    });
    const mysql = compile('mysql', 'SELECT * FROM t WHERE k = {{ env.KEY }}', true);
    expect(mysql.compiled?.params).toEqual([{ kind: 'value', ref: env('KEY') }]);
  });
});

type Refused = [SqlDialect, string, string, number, number, string?];

describe('statement corpus: refused with position', () => {
  const cases: Refused[] = [
    ['postgres', 'SELECT 1 -- {{ inputs.id }}', 'PLACEHOLDER_IN_COMMENT', 1, 13],
    ['postgres', 'SELECT 1 /* x\n {{ inputs.id }} */', 'PLACEHOLDER_IN_COMMENT', 2, 2],
    ['postgres', 'SELECT 1 /* a /* b */ {{ inputs.id }} */', 'PLACEHOLDER_IN_COMMENT', 1, 23],
    ['mysql', 'SELECT 1 # {{ inputs.id }}', 'PLACEHOLDER_IN_COMMENT', 1, 12],
    ['mysql', 'SELECT 1 -- {{ inputs.id }}', 'PLACEHOLDER_IN_COMMENT', 1, 13],
    ['mysql', 'SELECT 1 /*! {{ inputs.id }} */', 'PLACEHOLDER_IN_COMMENT', 1, 14],
    ['postgres', 'SELECT $$ {{ inputs.q }} $$', 'PLACEHOLDER_IN_DOLLAR_QUOTE', 1, 11],
    ['postgres', "SELECT $body$ it's {{ inputs.q }} $body$", 'PLACEHOLDER_IN_DOLLAR_QUOTE', 1, 20],
    ['postgres', 'SELECT "{{ inputs.col }}" FROM t', 'PLACEHOLDER_IN_IDENTIFIER', 1, 9],
    ['mysql', 'SELECT `{{ inputs.col }}` FROM t', 'PLACEHOLDER_IN_IDENTIFIER', 1, 9],
    ['postgres', "SELECT U&'{{ inputs.q }}'", 'PLACEHOLDER_IN_PREFIXED_STRING', 1, 11],
    ['postgres', "SELECT X'{{ inputs.q }}'", 'PLACEHOLDER_IN_PREFIXED_STRING', 1, 10],
    ['mysql', "SELECT _utf8mb4'{{ inputs.q }}'", 'PLACEHOLDER_IN_PREFIXED_STRING', 1, 17],
    ['mysql', "SELECT N'{{ inputs.q }}'", 'PLACEHOLDER_IN_PREFIXED_STRING', 1, 10],
    [
      'postgres',
      'SELECT * FROM t ORDER BY {{ inputs.id }}',
      'PLACEHOLDER_POSITION',
      1,
      26,
      'ORDER BY',
    ],
    [
      'postgres',
      "SELECT * FROM t ORDER BY a, '{{ inputs.col }}'",
      'PLACEHOLDER_POSITION',
      1,
      29,
      'ORDER BY',
    ],
    ['mysql', 'SELECT * FROM t GROUP BY {{ inputs.n }}', 'PLACEHOLDER_POSITION', 1, 26, 'GROUP BY'],
    ['postgres', 'SELECT * FROM {{ inputs.col }}', 'PLACEHOLDER_POSITION', 1, 15, 'table'],
    ['postgres', "SELECT * FROM a, '{{ inputs.col }}'", 'PLACEHOLDER_POSITION', 1, 18, 'table'],
    [
      'mysql',
      'SELECT * FROM t JOIN {{ inputs.col }} ON true',
      'PLACEHOLDER_POSITION',
      1,
      22,
      'table',
    ],
    ['postgres', 'UPDATE {{ inputs.col }} SET a = 1', 'PLACEHOLDER_POSITION', 1, 8],
    ['postgres', 'INSERT INTO {{ inputs.col }} VALUES (1)', 'PLACEHOLDER_POSITION', 1, 13, 'table'],
    [
      'postgres',
      'INSERT INTO t (a, {{ inputs.n }}) VALUES (1, 2)',
      'PLACEHOLDER_POSITION',
      1,
      19,
      'names',
    ],
    ['postgres', 'SELECT t.{{ inputs.n }} FROM t', 'PLACEHOLDER_POSITION', 1, 10],
    ['postgres', 'SELECT {{ inputs.n }}.a FROM t', 'PLACEHOLDER_POSITION', 1, 8],
    ['postgres', 'SELECT {{ inputs.n }}(1)', 'PLACEHOLDER_POSITION', 1, 8, 'function'],
    ['postgres', 'SELECT a_{{ inputs.n }} FROM t', 'PLACEHOLDER_POSITION', 1, 10, 'joined'],
    ['postgres', 'SELECT a::{{ inputs.n }} FROM t', 'PLACEHOLDER_POSITION', 1, 11, 'type'],
    ['postgres', 'SELECT a AS {{ inputs.n }} FROM t', 'PLACEHOLDER_POSITION', 1, 13, 'alias'],
    ['postgres', '{{ inputs.n }} FROM t', 'PLACEHOLDER_POSITION', 1, 1, 'keyword'],
    ['postgres', 'SELECT * FROM t {{ inputs.n }} 1', 'PLACEHOLDER_POSITION', 1, 17],
    ['postgres', 'SELECT * FROM t WHERE a {{ inputs.n }} b', 'PLACEHOLDER_POSITION', 1, 25],
    ['postgres', 'SELECT * FROM t WHERE a IS {{ inputs.on }}', 'PLACEHOLDER_POSITION', 1, 28],
    [
      'postgres',
      "SELECT * FROM t WHERE d > DATE '{{ inputs.since }}'",
      'PLACEHOLDER_POSITION',
      1,
      32,
      'CAST',
    ],
    ['postgres', "SELECT INTERVAL '{{ inputs.n }} days'", 'PLACEHOLDER_POSITION', 1, 17, 'CAST'],
    [
      'postgres',
      'SELECT * FROM t WHERE s = {{ inputs.status }}',
      'BARE_STRING_PLACEHOLDER',
      1,
      27,
      'Quote it',
    ],
    ['mysql', 'SELECT * FROM t WHERE s = {{ inputs.status }}', 'BARE_STRING_PLACEHOLDER', 1, 27],
    ['postgres', 'SELECT * FROM t WHERE k = {{ env.KEY }}', 'BARE_STRING_PLACEHOLDER', 1, 27],
    [
      'postgres',
      'SELECT * FROM t WHERE id = {{ inputs.nope }}',
      'INPUT_UNDECLARED',
      1,
      28,
      "'nope'",
    ],
    [
      'postgres',
      'SELECT * FROM t WHERE id = {{ input.id }}',
      'PLACEHOLDER_MALFORMED',
      1,
      28,
      'inputs.<name>',
    ],
    [
      'postgres',
      'SELECT * FROM t WHERE id = {{ inputs.id',
      'PLACEHOLDER_MALFORMED',
      1,
      28,
      'unclosed',
    ],
    ['postgres', 'SELECT * FROM t WHERE id = {{ inputs.a-b }}', 'PLACEHOLDER_MALFORMED', 1, 28],
    ['postgres', "SELECT '{{ inputs.}}'", 'PLACEHOLDER_MALFORMED', 1, 9],
    ['postgres', 'SELECT * FROM t WHERE id = $1', 'POSITIONAL_PARAMETER', 1, 28],
    ['mysql', 'SELECT * FROM t WHERE id = ?', 'POSITIONAL_PARAMETER', 1, 28],
    ['postgres', "SELECT 'unterminated", 'STATEMENT_UNTERMINATED', 1, 8],
    ['postgres', 'SELECT 1 /* /* */', 'STATEMENT_UNTERMINATED', 1, 10],
    ['postgres', 'SELECT $x$ abc', 'STATEMENT_UNTERMINATED', 1, 8],
    ['mysql', "SELECT 'a\\'", 'STATEMENT_UNTERMINATED', 1, 8],
    ['postgres', 'SELECT 1; DROP TABLE t', 'STATEMENT_MULTIPLE', 1, 11],
    ['mysql', 'SELECT 1;\nSELECT 2', 'STATEMENT_MULTIPLE', 2, 1],
  ];
  it.each(cases)('%s: %s → %s at %i:%i', (dialect, statement, code, line, column, hint) => {
    const result = compile(dialect, statement);
    expect(result.compiled).toBeUndefined();
    const diagnostic = result.diagnostics.find((d) => d.code === code);
    expect(diagnostic, JSON.stringify(result.diagnostics)).toBeDefined();
    expect(diagnostic).toMatchObject({ severity: 'error', path: ['statement'], line, column });
    if (hint !== undefined) expect(diagnostic?.message).toContain(hint);
  });

  it('reports an empty statement', () => {
    expect(compile('postgres', '  -- nothing\n ;').diagnostics[0]?.code).toBe('STATEMENT_EMPTY');
  });

  it('reports every problem, not just the first', () => {
    const result = compile(
      'postgres',
      'SELECT {{ inputs.status }} FROM {{ inputs.col }} -- {{ inputs.id }}',
    );
    expect(result.diagnostics.map((d) => d.code)).toEqual([
      'BARE_STRING_PLACEHOLDER',
      'PLACEHOLDER_POSITION',
      'PLACEHOLDER_IN_COMMENT',
    ]);
  });

  it('treats MySQL "…" as a string and Postgres "…" as an identifier', () => {
    expect(compile('mysql', 'SELECT "{{ inputs.q }}"').compiled?.text).toBe('SELECT ?');
    expect(compile('postgres', 'SELECT "{{ inputs.q }}"').diagnostics[0]?.code).toBe(
      'PLACEHOLDER_IN_IDENTIFIER',
    );
  });

  it('respects MySQL backslash escapes where Postgres has none', () => {
    // In MySQL the string runs on past \' and holds the placeholder; in Postgres the string
    // ends at \' and the placeholder is bare code.
    const statement = "SELECT 'a\\' = {{ inputs.n }} '";
    const mysql = compile('mysql', statement);
    expect(mysql.compiled?.text).toBe('SELECT ?');
    expect(mysql.compiled?.params).toEqual([{ kind: 'text', parts: ["a' = ", input('n'), ' '] }]);
    const postgres = compile('postgres', statement);
    expect(postgres.compiled).toBeUndefined();
    expect(postgres.diagnostics.map((d) => d.code)).toContain('STATEMENT_UNTERMINATED');
  });
});
