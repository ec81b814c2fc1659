import { createTestDatabase, type TestDatabase } from '@toolplane/testing';
// biome-ignore lint/style/noRestrictedImports: this test runs compiled statements on a real Postgres
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InputSpec } from '../inputs/input-spec';
import type { InputType, InputValue } from '../inputs/input-type';
import { bindParams } from '../params/bind-params';
import { compileSql } from './compile-sql';

const TYPES: Record<string, InputType> = {
  n: 'int',
  f: 'float',
  b: 'boolean',
  d: 'datetime',
  q: 'string',
};
const inputs: ReadonlyMap<string, InputSpec> = new Map(
  Object.entries(TYPES).map(([name, type]) => [
    name,
    { name, type, description: undefined, optional: true, default: undefined },
  ]),
);

const HOSTILE = [
  "' OR '1'='1",
  "x'; DROP TABLE notes; --",
  '1; DELETE FROM notes',
  "') UNION SELECT current_user --",
  '/* unclosed',
  '-- trailing',
  '$$ $tag$ $1 ?',
  '\\',
  "\\'; DROP TABLE notes; --",
  "E'\\x27'",
  '\u2019\u2018\u02bc\uff07',
  'emoji 😀 中文',
  'line\nbreak\ttab',
  'z'.repeat(100_000),
];

let database: TestDatabase;
let client: pg.Client;

async function run(statement: string, values: Record<string, InputValue>) {
  const { compiled, diagnostics } = compileSql(statement, {
    dialect: 'postgres',
    inputs,
    legacyPlaceholders: false,
  });
  expect(diagnostics).toEqual([]);
  const params = bindParams(compiled!.params, { inputs: values, env: {} });
  return (await client.query(compiled!.text, params)).rows;
}

describe('compiled statements on a real Postgres', () => {
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      'CREATE TABLE notes (id serial PRIMARY KEY, body text, n int, at timestamptz, ok boolean, score float8)',
    );
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it.each(HOSTILE.map((v) => [v.slice(0, 30), v]))(
    'round-trips %j as data, never as SQL',
    async (_l, value) => {
      const [inserted] = await run(
        "INSERT INTO notes (body, n) VALUES ('{{ inputs.q }}', {{ inputs.n }}) RETURNING id",
        { q: value, n: 1 },
      );
      const rows = await run(
        "SELECT body FROM notes WHERE body = '{{ inputs.q }}' AND id = {{ inputs.n }}",
        {
          q: value,
          n: inserted.id,
        },
      );
      expect(rows).toEqual([{ body: value }]);
      // strpos, not LIKE: in a LIKE pattern a backslash in the value is an escape, by design.
      const found = await run(
        "SELECT count(*)::int AS c FROM notes WHERE strpos(body, '{{ inputs.q }}') > 0",
        { q: value },
      );
      expect(found[0].c).toBeGreaterThanOrEqual(1);
      const tables = await client.query("SELECT to_regclass('notes') IS NOT NULL AS present");
      expect(tables.rows[0].present).toBe(true);
    },
  );

  it('refuses a NUL byte as a database error, not as SQL', async () => {
    await expect(run("SELECT '{{ inputs.q }}' AS v", { q: 'a\u0000b' })).rejects.toThrow(/0x00/);
  });

  const semantics: [string, Record<string, InputValue>, unknown][] = [
    ['SELECT {{ inputs.n }} + 1 AS v', { n: 41 }, 42],
    ['SELECT {{ inputs.n }}::int AS v', { n: 7 }, 7],
    ["SELECT '{{ inputs.q }}' || '!' AS v", { q: 'hi' }, 'hi!'],
    ["SELECT 'it''s {{ inputs.q }}' AS v", { q: 'x' }, "it's x"],
    ["SELECT E'\\t{{ inputs.q }}\\n' AS v", { q: 'x' }, '\tx\n'],
    [
      "SELECT '{{1,2},{3,4}}'::int[] = ARRAY[[1,2],[3,4]] AND {{ inputs.b }} AS v",
      { b: true },
      true,
    ],
    ['SELECT {{ inputs.f }} * 2 AS v', { f: 1.25 }, '2.50'],
    ['SELECT {{ inputs.f }} * {{ inputs.n }} AS v', { f: 0.5, n: 3 }, '1.5'],
    ['SELECT ({{ inputs.f }} IS NULL) = {{ inputs.b }} AS v', { b: true }, true],
    ["SELECT ('{{ inputs.q }}' IS NULL) AS v", { q: 'x' }, false],
    ['SELECT {{ inputs.d }} IS NULL AS v', {}, true],
    ["SELECT substr('abcdef', {{ inputs.n }}) AS v", { n: 3 }, 'cdef'],
    // date + unknown is ambiguous in Postgres (a literal 2 would be int4): the author casts.
    ["SELECT ('2024-01-01'::date + {{ inputs.n }}::int)::text AS v", { n: 2 }, '2024-01-03'],
    ['SELECT round(2.345, {{ inputs.n }})::text AS v', { n: 1 }, '2.3'],
    [
      "SELECT {{ inputs.d }}::timestamptz = '2024-01-02T03:04:05Z'::timestamptz AS v",
      { d: '2024-01-02T03:04:05Z' },
      true,
    ],
    ["SELECT ('{{ inputs.n }} days')::interval = interval '3 days' AS v", { n: 3 }, true],
    ['SELECT EXTRACT(YEAR FROM {{ inputs.d }}::date)::int AS v', { d: '2024-05-06' }, 2024],
    ["SELECT CASE WHEN {{ inputs.b }} THEN 'yes' ELSE 'no' END AS v", { b: false }, 'no'],
    ['SELECT count(*)::int AS v FROM generate_series(1, {{ inputs.n }})', { n: 5 }, 5],
    ['SELECT {{ inputs.n }} IS NULL AS v', {}, true],
    ['SELECT $tag$ {{ not a placeholder }} $tag$ AS v', {}, ' {{ not a placeholder }} '],
  ];
  it.each(semantics)('%s', async (statement, values, expected) => {
    const [row] = await run(statement, values);
    expect(row.v).toEqual(expected);
  });
});
