import { testMysql } from '@toolplane/testing';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { InputSpec } from '../inputs/input-spec';
import type { InputType, InputValue } from '../inputs/input-type';
import { bindParams } from '../params/bind-params';
import { compileSql } from './compile-sql';

const service = testMysql();
const TYPES: Record<string, InputType> = { n: 'int', f: 'float', b: 'boolean', q: 'string' };
const inputs: ReadonlyMap<string, InputSpec> = new Map(
  Object.entries(TYPES).map(([name, type]) => [
    name,
    { name, type, description: undefined, optional: true, default: undefined },
  ]),
);

const HOSTILE = [
  "' OR '1'='1",
  "x'; DROP TABLE notes; --",
  '" OR ""="',
  '\\',
  "\\'; DROP TABLE notes; #",
  '\\" OR 1=1 -- ',
  '/*! DROP TABLE notes */',
  '?',
  '\u2019\u2018\u02bc\uff07',
  'emoji 😀 中文',
  'line\nbreak\ttab',
  'w'.repeat(10_000),
];

let connection: mysql.Connection;
const database = `tp_test_${inject('runId')}_pl_${Math.random().toString(36).slice(2, 8)}`;

async function run(statement: string, values: Record<string, InputValue>) {
  const { compiled, diagnostics } = compileSql(statement, {
    dialect: 'mysql',
    inputs,
    legacyPlaceholders: false,
  });
  expect(diagnostics).toEqual([]);
  const bound = bindParams(compiled!.params, { inputs: values, env: {} });
  // What the runtime's connector does: mysql2 sends JS numbers as DOUBLE, which LIMIT refuses.
  const params = bound.map((value, i) =>
    compiled!.paramTypes[i] === 'int' && typeof value === 'number' ? String(value) : value,
  );
  const [rows] = await connection.execute(compiled!.text, params);
  return rows as Record<string, unknown>[];
}

describe.skipIf(service.url === null)('compiled statements on a real MySQL', () => {
  beforeAll(async () => {
    connection = await mysql.createConnection({ uri: service.url! });
    await connection.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4`);
    await connection.changeUser({ database });
    await connection.query(
      'CREATE TABLE notes (id int AUTO_INCREMENT PRIMARY KEY, body mediumtext, n int, ok boolean)',
    );
  });
  afterAll(async () => {
    await connection?.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await connection?.end();
  });

  it.each(HOSTILE.map((v) => [v.slice(0, 30), v]))(
    'round-trips %j as data, never as SQL',
    async (_l, value) => {
      await run("INSERT INTO notes (body, n) VALUES ('{{ inputs.q }}', {{ inputs.n }})", {
        q: value,
        n: 1,
      });
      const rows = await run(
        'SELECT body FROM notes WHERE body = "{{ inputs.q }}" ORDER BY id DESC LIMIT {{ inputs.n }}',
        {
          q: value,
          n: 1,
        },
      );
      expect(rows).toEqual([{ body: value }]);
      const [tables] = await connection.query("SHOW TABLES LIKE 'notes'");
      expect(tables).toHaveLength(1);
    },
  );

  const semantics: [string, Record<string, InputValue>, unknown][] = [
    ["SELECT CONCAT('it''s ', '{{ inputs.q }}') AS v", { q: 'x' }, "it's x"],
    ["SELECT 'a\\tb{{ inputs.q }}' AS v", { q: 'c' }, 'a\tbc'],
    ["SELECT 'x_y' LIKE 'x\\_{{ inputs.q }}' AS v", { q: 'y' }, 1],
    ['SELECT {{ inputs.n }} + 1 AS v', { n: 41 }, 42],
    ['SELECT {{ inputs.f }} * 2 AS v', { f: 1.25 }, 2.5],
    ['SELECT {{ inputs.b }} AS v', { b: true }, 1],
    ["SELECT DATE_ADD('2024-01-01', INTERVAL {{ inputs.n }} DAY) AS v", { n: 2 }, '2024-01-03'],
    ['SELECT {{ inputs.n }} IS NULL AS v', {}, 1],
    [
      'SELECT `id` FROM notes ORDER BY id LIMIT {{ inputs.n }}, {{ inputs.n }}',
      { n: 0 },
      undefined,
    ],
  ];
  it.each(semantics)('%s', async (statement, values, expected) => {
    const [row] = await run(statement, values);
    if (expected !== undefined) expect(String(row?.v)).toBe(String(expected));
  });
});
