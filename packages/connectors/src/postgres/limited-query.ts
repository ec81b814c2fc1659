import { createHash } from 'node:crypto';
import pg from 'pg';

type Param = string | number | boolean | null;

/** The part of pg's Connection a submittable drives (not in @types/pg). */
interface WireConnection {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(config: { text: string; name: string; types: number[] }): void;
  bind(config: { statement: string; values: (string | null)[] }): void;
  describe(config: { type: 'P'; name: string }): void;
  execute(config: { portal: string; rows: number }): void;
  sync(): void;
}

interface ResultParser {
  rows: unknown[];
  command: string | null;
  fields: unknown[];
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: object | null;
  addFields(fields: unknown[]): void;
  parseRow(fields: unknown[]): unknown;
  addCommandComplete(msg: unknown): void;
}

export interface LimitedResult {
  readonly rows: unknown[];
  /** More rows existed than `maxRows` (the portal was suspended). */
  readonly truncated: boolean;
  /** The command tag's verb: SELECT, INSERT, SET, … */
  readonly command: string | null;
}

const names = new Map<string, string>();
/** A stable prepared-statement name per SQL text, so each connection parses it once. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= 10_000) names.clear();
    name = `tp_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

// The row description of each named statement a connection has described (RowDescription's
// fields; [] for a statement without rows). PostgreSQL refuses to run a prepared statement
// whose result columns changed since it was prepared ("cached plan must not change result
// type", 0A000; the pool then discards the connection), so a description stays true for the
// statement's life on its connection: later calls skip Describe (pgx does the same).
const descriptions = new WeakMap<WireConnection, Map<string, unknown[]>>();

// What pg's Result.addFields derives from a row description (a type parser per column and an
// empty row object), kept per cached description: the same statement on the same connection
// then reuses them instead of looking up parsers and building the row template on every call.
// The client sets the Result's type overrides before submit, and every pool shares one set.
const prepared = new WeakMap<unknown[], { parsers: unknown[] | undefined; empty: object | null }>();
function useFields(result: ResultParser, fields: unknown[]): void {
  const cached = prepared.get(fields);
  if (cached === undefined) {
    result.addFields(fields);
    prepared.set(fields, { parsers: result._parsers, empty: result._prebuiltEmptyResultObject });
    return;
  }
  result.fields = fields;
  result._parsers = cached.parsers;
  result._prebuiltEmptyResultObject = cached.empty;
}

const toWire = (value: Param): string | null =>
  value === null ? null : typeof value === 'string' ? value : String(value);

/**
 * One statement in one write and one round trip: Parse and Describe (only the first time on a
 * connection: a named statement), Bind, Execute with a row limit, Sync. `maxRows + 1` rows at most
 * come back; when the portal is suspended the Sync closes it, so no second round trip is spent
 * on a cursor. A pg "submittable" (client.query(new LimitedQuery(…))), like pg-cursor.
 */
export class LimitedQuery {
  readonly name: string;
  readonly text: string;
  readonly _result: ResultParser;
  private readonly values: (string | null)[];
  private readonly limit: number;
  private suspended = false;
  private error: Error | undefined;
  /** Where to keep the row description Describe returns (set when Describe was sent). */
  private describing: Map<string, unknown[]> | undefined;
  private described: unknown[] | undefined;
  private settle!: { resolve: (result: LimitedResult) => void; reject: (error: Error) => void };
  readonly done: Promise<LimitedResult>;

  constructor(text: string, values: readonly Param[], maxRows: number | undefined) {
    this.text = text;
    this.name = statementName(text);
    this.values = values.map(toWire);
    // 0 = every row (no cap).
    this.limit = maxRows === undefined ? 0 : maxRows + 1;
    this._result = new (pg.Result as unknown as new () => ResultParser)();
    this._result.rows = [];
    this.done = new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
    });
  }

  submit(connection: WireConnection): void {
    let known = descriptions.get(connection);
    if (known === undefined) {
      known = new Map();
      descriptions.set(connection, known);
    }
    connection.stream.cork?.();
    try {
      if (
        connection.parsedStatements[this.name] === undefined &&
        connection.submittedNamedStatements[this.name] === undefined
      ) {
        connection.parse({ text: this.text, name: this.name, types: [] });
        connection.submittedNamedStatements[this.name] = this.text;
        known.delete(this.name);
      }
      connection.bind({ statement: this.name, values: this.values });
      const fields = known.get(this.name);
      if (fields === undefined) {
        connection.describe({ type: 'P', name: '' });
        this.describing = known;
      } else if (fields.length > 0) {
        useFields(this._result, fields);
      }
      connection.execute({ portal: '', rows: this.limit });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
  }

  handleRowDescription(msg: { fields: unknown[] }): void {
    this.described = msg.fields;
    this._result.addFields(msg.fields);
  }

  handleDataRow(msg: { fields: unknown[] }): void {
    this._result.rows.push(this._result.parseRow(msg.fields));
  }

  handlePortalSuspended(): void {
    this.suspended = true;
  }

  handleCommandComplete(msg: unknown): void {
    this._result.addCommandComplete(msg);
  }

  handleEmptyQuery(): void {}

  handleError(error: Error): void {
    // pg's client detaches the query on an error; the server skips to our Sync and answers
    // ReadyForQuery, after which the client runs its next query.
    if (this.error) return;
    this.error = error;
    this.settle.reject(error);
  }

  handleReadyForQuery(): void {
    if (this.error) return;
    // Described and ran: no RowDescription means NoData (a statement without rows).
    this.describing?.set(this.name, this.described ?? []);
    let rows = this._result.rows;
    const truncated = this.limit > 0 && (this.suspended || rows.length >= this.limit);
    if (truncated) rows = rows.slice(0, this.limit - 1);
    this.settle.resolve({ rows, truncated, command: this._result.command });
  }

  handleCopyInResponse(connection: { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail('COPY is not supported');
  }

  handleCopyData(): void {}
}
