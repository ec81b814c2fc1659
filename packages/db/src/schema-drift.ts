import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { getDMMF } from '@prisma/get-dmmf';
import type pg from 'pg';

// Compares a live PostgreSQL schema with what prisma/schema.prisma says it should be, using the
// schema's DMMF (the offline WASM `prisma generate` uses). The migrations are hand-written SQL
// (no schema engine here, MACHINE.md); this is what keeps them honest. Both sides are reduced to
// the same plain description — tables, columns (type as format_type prints it, nullability,
// default as pg_get_expr prints it), primary keys, indexes, foreign keys, enums — named the way
// Prisma names constraints, then compared key by key.

export const defaultSchemaPath = fileURLToPath(
  new URL('../../../prisma/schema.prisma', import.meta.url),
);

export interface ColumnDescription {
  type: string;
  nullable: boolean;
  default: string | null;
}

export interface IndexDescription {
  columns: string[];
  unique: boolean;
}

export interface ForeignKeyDescription {
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  onDelete: ReferentialAction;
  onUpdate: ReferentialAction;
}

export type ReferentialAction = 'CASCADE' | 'RESTRICT' | 'NO ACTION' | 'SET NULL' | 'SET DEFAULT';

export interface TableDescription {
  columns: Record<string, ColumnDescription>;
  primaryKey: { name: string; columns: string[] } | null;
  indexes: Record<string, IndexDescription>;
  foreignKeys: Record<string, ForeignKeyDescription>;
  /** Unique and check constraints: Prisma never creates them (it uses unique indexes). */
  otherConstraints: string[];
}

export interface SchemaDescription {
  enums: Record<string, string[]>;
  tables: Record<string, TableDescription>;
}

export interface SchemaDifference {
  /** `table`, `table.column`, `table.index:<name>`, `table.fk:<name>`, `enum:<name>`. */
  path: string;
  aspect: string;
  expected: string;
  actual: string;
}

// ─── Expected: from the Prisma schema ───────────────────────────────────────

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'object' | 'enum' | 'unsupported';
  isList: boolean;
  isRequired: boolean;
  hasDefaultValue: boolean;
  default?: unknown;
  type: string;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
}

interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}

interface DmmfIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  dbName?: string | null;
  fields: { name: string }[];
}

interface DmmfDatamodel {
  models: DmmfModel[];
  enums: {
    name: string;
    dbName?: string | null;
    values: { name: string; dbName?: string | null }[];
  }[];
  indexes: DmmfIndex[];
}

const MAX_IDENTIFIER = 63;

const scalarTypes: Record<string, string> = {
  String: 'text',
  Int: 'integer',
  BigInt: 'bigint',
  Boolean: 'boolean',
  Float: 'double precision',
  Decimal: 'numeric(65,30)',
  DateTime: 'timestamp(3) without time zone',
  Json: 'jsonb',
  Bytes: 'bytea',
};

function nativeTypeName(name: string, args: string[]): string {
  const arg = args.length > 0 ? `(${args.join(',')})` : '';
  switch (name) {
    case 'Timestamptz':
      return `timestamp${arg} with time zone`;
    case 'Timestamp':
      return `timestamp${arg} without time zone`;
    case 'Timetz':
      return `time${arg} with time zone`;
    case 'Time':
      return `time${arg} without time zone`;
    case 'VarChar':
      return `character varying${arg}`;
    case 'Char':
      return `character${arg}`;
    case 'DoublePrecision':
      return 'double precision';
    case 'Decimal':
      return `numeric${arg}`;
    case 'JsonB':
      return 'jsonb';
    case 'ByteA':
      return 'bytea';
    default:
      return `${name.toLowerCase()}${arg}`;
  }
}

/** Like PostgreSQL's quote_ident for the names Prisma produces. */
function quoteIdent(name: string): string {
  return /^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

function constraintName(table: string, columns: string[], suffix: string): string {
  const name = `${table}_${columns.join('_')}_${suffix}`;
  if (name.length > MAX_IDENTIFIER) {
    throw new Error(
      `default constraint name ${name} is longer than ${MAX_IDENTIFIER} characters: give it an explicit map: in schema.prisma`,
    );
  }
  return name;
}

function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function expectedDefault(
  field: DmmfField,
  columnType: string,
  enumName: string | null,
): string | null {
  if (!field.hasDefaultValue) return null;
  const value = field.default;
  if (Array.isArray(value)) {
    if (value.length === 0) return `ARRAY[]::${columnType}`;
    throw new Error(`${field.name}: non-empty list defaults are not supported by the drift check`);
  }
  if (value !== null && typeof value === 'object') {
    const fn = value as { name: string; args: unknown[] };
    if (fn.name === 'now') return 'CURRENT_TIMESTAMP';
    if (fn.name === 'dbgenerated') return String(fn.args[0] ?? '');
    if (fn.name === 'autoincrement') return 'nextval';
    return null; // uuid(), cuid(), nanoid(): generated by the client, no database default
  }
  if (enumName) return `${sqlString(String(value))}::${quoteIdent(enumName)}`;
  switch (field.type) {
    case 'String':
      return `${sqlString(String(value))}::text`;
    case 'Json':
      // `json` or `jsonb` (`@db.Json`)
      return `${sqlString(String(value))}::${columnType}`;
    case 'Boolean':
      return String(value);
    case 'Int':
    case 'BigInt':
    case 'Float':
    case 'Decimal': {
      const text = String(value);
      return text.startsWith('-') ? `${sqlString(text)}::${columnType}` : text;
    }
    default:
      return String(value);
  }
}

/** The schema `prisma/schema.prisma` describes, named as Prisma's migrations name things. */
export async function describePrismaSchema(schemaText?: string): Promise<SchemaDescription> {
  const text = schemaText ?? (await readFile(defaultSchemaPath, 'utf8'));
  const dmmf = await getDMMF({ datamodel: text });
  if (!('datamodel' in dmmf)) throw new Error(`schema.prisma does not parse: ${dmmf.reason}`);
  const datamodel = dmmf.datamodel as unknown as DmmfDatamodel;

  const enumDbName = new Map(datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
  const models = new Map(datamodel.models.map((model) => [model.name, model]));
  const tableOf = (model: DmmfModel) => model.dbName ?? model.name;
  const columnOf = (model: DmmfModel, fieldName: string) => {
    const field = model.fields.find((candidate) => candidate.name === fieldName);
    if (!field) throw new Error(`${model.name} has no field ${fieldName}`);
    return field.dbName ?? field.name;
  };

  const description: SchemaDescription = { enums: {}, tables: {} };
  for (const e of datamodel.enums) {
    description.enums[e.dbName ?? e.name] = e.values.map((value) => value.dbName ?? value.name);
  }

  for (const model of datamodel.models) {
    const table: TableDescription = {
      columns: {},
      primaryKey: null,
      indexes: {},
      foreignKeys: {},
      otherConstraints: [],
    };
    for (const field of model.fields) {
      if (field.kind === 'object') continue;
      const enumName = field.kind === 'enum' ? (enumDbName.get(field.type) ?? field.type) : null;
      let type: string;
      if (enumName) type = quoteIdent(enumName);
      else if (field.nativeType) type = nativeTypeName(field.nativeType[0], field.nativeType[1]);
      else type = scalarTypes[field.type] ?? field.type.toLowerCase();
      if (field.isList) type = `${type}[]`;
      table.columns[field.dbName ?? field.name] = {
        type,
        // Prisma creates scalar-list columns without NOT NULL.
        nullable: !field.isRequired || field.isList,
        default: expectedDefault(field, type, enumName),
      };
    }
    for (const index of datamodel.indexes.filter((candidate) => candidate.model === model.name)) {
      const columns = index.fields.map((field) => columnOf(model, field.name));
      if (index.type === 'id') {
        table.primaryKey = { name: index.dbName ?? `${tableOf(model)}_pkey`, columns };
        continue;
      }
      const unique = index.type === 'unique';
      const name = index.dbName ?? constraintName(tableOf(model), columns, unique ? 'key' : 'idx');
      table.indexes[name] = { columns, unique };
    }
    for (const field of model.fields) {
      if (field.kind !== 'object' || !field.relationFromFields?.length) continue;
      const target = models.get(field.type);
      if (!target) throw new Error(`${model.name}.${field.name}: unknown model ${field.type}`);
      const columns = field.relationFromFields.map((name) => columnOf(model, name));
      const required = field.relationFromFields.every(
        (name) => model.fields.find((candidate) => candidate.name === name)?.isRequired,
      );
      table.foreignKeys[constraintName(tableOf(model), columns, 'fkey')] = {
        columns,
        referencedTable: tableOf(target),
        referencedColumns: (field.relationToFields ?? []).map((name) => columnOf(target, name)),
        onDelete: referentialAction(field.relationOnDelete ?? (required ? 'Restrict' : 'SetNull')),
        onUpdate: referentialAction(field.relationOnUpdate ?? 'Cascade'),
      };
    }
    description.tables[tableOf(model)] = table;
  }
  return description;
}

function referentialAction(prismaAction: string): ReferentialAction {
  switch (prismaAction) {
    case 'Cascade':
      return 'CASCADE';
    case 'Restrict':
      return 'RESTRICT';
    case 'NoAction':
      return 'NO ACTION';
    case 'SetNull':
      return 'SET NULL';
    case 'SetDefault':
      return 'SET DEFAULT';
    default:
      throw new Error(`unknown referential action ${prismaAction}`);
  }
}

// ─── Actual: from the database catalog ──────────────────────────────────────

const actionCodes: Record<string, ReferentialAction> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};

/** Reads one schema (default `public`) of the connected database, ignoring `_prisma_migrations`. */
export async function describeDatabase(
  client: pg.ClientBase,
  schema = 'public',
): Promise<SchemaDescription> {
  const description: SchemaDescription = { enums: {}, tables: {} };

  const enums = await client.query<{ name: string; labels: string[] }>(
    `SELECT t.typname AS name, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS labels
       FROM pg_type t
       JOIN pg_namespace n ON n.oid = t.typnamespace
       JOIN pg_enum e ON e.enumtypid = t.oid
      WHERE n.nspname = $1
      GROUP BY t.typname`,
    [schema],
  );
  for (const row of enums.rows) description.enums[row.name] = row.labels;

  const tables = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'`,
    [schema],
  );
  const table = (name: string): TableDescription => {
    let entry = description.tables[name];
    if (!entry) {
      entry = { columns: {}, primaryKey: null, indexes: {}, foreignKeys: {}, otherConstraints: [] };
      description.tables[name] = entry;
    }
    return entry;
  };
  for (const row of tables.rows) table(row.name);

  const columns = await client.query<{
    table: string;
    name: string;
    type: string;
    not_null: boolean;
    default: string | null;
  }>(
    `SELECT c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
            a.attnotnull AS not_null, pg_get_expr(d.adbin, d.adrelid) AS default
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'
        AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY c.relname, a.attnum`,
    [schema],
  );
  for (const row of columns.rows) {
    table(row.table).columns[row.name] = {
      type: row.type,
      nullable: !row.not_null,
      default: row.default,
    };
  }

  const indexes = await client.query<{
    table: string;
    name: string;
    unique: boolean;
    primary: boolean;
    columns: string[];
  }>(
    `SELECT t.relname AS table, i.relname AS name, x.indisunique AS unique, x.indisprimary AS primary,
            ARRAY(SELECT a.attname FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
                   JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
                  ORDER BY k.ord)::text[] AS columns
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = $1 AND t.relname <> '_prisma_migrations'`,
    [schema],
  );
  for (const row of indexes.rows) {
    if (row.primary) table(row.table).primaryKey = { name: row.name, columns: row.columns };
    else table(row.table).indexes[row.name] = { columns: row.columns, unique: row.unique };
  }

  const constraints = await client.query<{
    table: string;
    name: string;
    type: string;
    columns: string[];
    referenced_table: string | null;
    referenced_columns: string[] | null;
    on_delete: string;
    on_update: string;
  }>(
    `SELECT t.relname AS table, con.conname AS name, con.contype AS type,
            ARRAY(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
                   JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
                  ORDER BY k.ord)::text[] AS columns,
            r.relname AS referenced_table,
            CASE WHEN con.contype = 'f' THEN
              ARRAY(SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, ord)
                     JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum
                    ORDER BY k.ord)::text[]
            END AS referenced_columns,
            con.confdeltype AS on_delete, con.confupdtype AS on_update
       FROM pg_constraint con
       JOIN pg_class t ON t.oid = con.conrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       LEFT JOIN pg_class r ON r.oid = con.confrelid
      WHERE n.nspname = $1 AND t.relname <> '_prisma_migrations' AND con.contype IN ('f', 'u', 'c', 'x')`,
    [schema],
  );
  for (const row of constraints.rows) {
    if (row.type !== 'f') {
      table(row.table).otherConstraints.push(row.name);
      continue;
    }
    table(row.table).foreignKeys[row.name] = {
      columns: row.columns,
      referencedTable: row.referenced_table ?? '?',
      referencedColumns: row.referenced_columns ?? [],
      onDelete: actionCodes[row.on_delete] ?? 'NO ACTION',
      onUpdate: actionCodes[row.on_update] ?? 'NO ACTION',
    };
  }
  for (const entry of Object.values(description.tables)) entry.otherConstraints.sort();
  return description;
}

// ─── Comparison ─────────────────────────────────────────────────────────────

function normalizeDefault(value: string | null): string | null {
  if (value === null) return null;
  if (value.startsWith('nextval(')) return 'nextval';
  return value === 'now()' ? 'CURRENT_TIMESTAMP' : value;
}

function show(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (Array.isArray(value)) return `(${value.join(', ')})`;
  return String(value);
}

/** Every difference between what the schema expects and what the database has; empty = in sync. */
export function diffSchemas(
  expected: SchemaDescription,
  actual: SchemaDescription,
): SchemaDifference[] {
  const differences: SchemaDifference[] = [];
  const add = (path: string, aspect: string, want: unknown, got: unknown) =>
    differences.push({ path, aspect, expected: show(want), actual: show(got) });
  const keys = (a: object, b: object) =>
    [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();

  for (const name of keys(expected.enums, actual.enums)) {
    const want = expected.enums[name];
    const got = actual.enums[name];
    if (!want || !got)
      add(`enum:${name}`, 'existence', want ? 'present' : 'absent', got ? 'present' : 'absent');
    else if (want.join(',') !== got.join(',')) add(`enum:${name}`, 'values', want, got);
  }

  for (const tableName of keys(expected.tables, actual.tables)) {
    const want = expected.tables[tableName];
    const got = actual.tables[tableName];
    if (!want || !got) {
      add(tableName, 'existence', want ? 'present' : 'absent', got ? 'present' : 'absent');
      continue;
    }
    for (const column of keys(want.columns, got.columns)) {
      const path = `${tableName}.${column}`;
      const a = want.columns[column];
      const b = got.columns[column];
      if (!a || !b) {
        add(path, 'existence', a ? 'present' : 'absent', b ? 'present' : 'absent');
        continue;
      }
      if (a.type !== b.type) add(path, 'type', a.type, b.type);
      if (a.nullable !== b.nullable) add(path, 'nullable', a.nullable, b.nullable);
      if (normalizeDefault(a.default) !== normalizeDefault(b.default))
        add(path, 'default', a.default, b.default);
    }
    if (JSON.stringify(want.primaryKey) !== JSON.stringify(got.primaryKey)) {
      add(
        `${tableName}.primary_key`,
        'primary key',
        want.primaryKey && `${want.primaryKey.name} ${show(want.primaryKey.columns)}`,
        got.primaryKey && `${got.primaryKey.name} ${show(got.primaryKey.columns)}`,
      );
    }
    for (const index of keys(want.indexes, got.indexes)) {
      const path = `${tableName}.index:${index}`;
      const a = want.indexes[index];
      const b = got.indexes[index];
      if (!a || !b) add(path, 'existence', a ? 'present' : 'absent', b ? 'present' : 'absent');
      else {
        if (a.columns.join(',') !== b.columns.join(',')) add(path, 'columns', a.columns, b.columns);
        if (a.unique !== b.unique) add(path, 'unique', a.unique, b.unique);
      }
    }
    for (const fk of keys(want.foreignKeys, got.foreignKeys)) {
      const path = `${tableName}.fk:${fk}`;
      const a = want.foreignKeys[fk];
      const b = got.foreignKeys[fk];
      if (!a || !b) {
        add(path, 'existence', a ? 'present' : 'absent', b ? 'present' : 'absent');
        continue;
      }
      if (a.columns.join(',') !== b.columns.join(',')) add(path, 'columns', a.columns, b.columns);
      const aTarget = `${a.referencedTable}${show(a.referencedColumns)}`;
      const bTarget = `${b.referencedTable}${show(b.referencedColumns)}`;
      if (aTarget !== bTarget) add(path, 'references', aTarget, bTarget);
      if (a.onDelete !== b.onDelete) add(path, 'on delete', a.onDelete, b.onDelete);
      if (a.onUpdate !== b.onUpdate) add(path, 'on update', a.onUpdate, b.onUpdate);
    }
    if (want.otherConstraints.join(',') !== got.otherConstraints.join(',')) {
      add(
        `${tableName}.constraints`,
        'unique/check constraints',
        want.otherConstraints,
        got.otherConstraints,
      );
    }
  }
  return differences;
}

export function formatDifferences(differences: readonly SchemaDifference[]): string {
  return differences
    .map(
      (d) => `${d.path}: ${d.aspect} — schema.prisma says ${d.expected}, database has ${d.actual}`,
    )
    .join('\n');
}
