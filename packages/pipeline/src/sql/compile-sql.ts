import type { Diagnostic, DiagnosticCode } from '../compile/diagnostic';
import type { InputSpec } from '../inputs/input-spec';
import type { InputType } from '../inputs/input-type';
import type { ParamSpec } from '../params/param-spec';
import type { FoundPlaceholder } from '../template/find-placeholders';
import { findPlaceholders } from '../template/find-placeholders';
import { sourcePosition } from '../template/source-position';
import { formatRef, type ValueRef } from '../template/value-ref';
import { isWordPart } from './char-classes';
import { checkValuePosition } from './check-value-position';
import { decodeLiteral } from './decode-literal';
import { postgresCast } from './postgres-cast';
import { type SignificantToken, SqlFrames } from './sql-frames';
import type { SqlDialect, SqlToken } from './sql-token';
import { tokenizeMysql } from './tokenize-mysql';
import { tokenizePostgres } from './tokenize-postgres';

export interface CompileSqlOptions {
  dialect: SqlDialect;
  inputs: ReadonlyMap<string, InputSpec>;
  /** Hyperterse < v1.3 projects: bare string placeholders were quoted by the server. */
  legacyPlaceholders: boolean;
}

/**
 * The type of each bound parameter: an input's declared type for a bare placeholder, `text` for
 * a quoted literal (always a string). Drivers that type parameters themselves (mysql2 sends
 * every JS number as DOUBLE, which MySQL refuses for LIMIT) can convert by it.
 */
export type SqlParamType = InputType | 'text';

/** A statement ready for `pg` (`$n`) or `mysql2` (`?`): text plus how to build each parameter. */
export interface CompiledSql {
  readonly dialect: SqlDialect;
  readonly text: string;
  readonly params: readonly ParamSpec[];
  readonly paramTypes: readonly SqlParamType[];
}

export interface CompileSqlResult {
  compiled: CompiledSql | undefined;
  diagnostics: Diagnostic[];
  /** Every placeholder reference, in order of appearance (for unused-input and secret checks). */
  refs: ValueRef[];
}

const IN_TOKEN: Partial<Record<SqlToken['kind'], [DiagnosticCode, string]>> = {
  comment: ['PLACEHOLDER_IN_COMMENT', 'inside a comment is never substituted: remove it'],
  quoted_identifier: [
    'PLACEHOLDER_IN_IDENTIFIER',
    'inside a quoted identifier: identifiers cannot be parameters',
  ],
  dollar_string: [
    'PLACEHOLDER_IN_DOLLAR_QUOTE',
    'inside a dollar-quoted body cannot be bound: pass the value as an argument instead',
  ],
  prefixed_string: [
    'PLACEHOLDER_IN_PREFIXED_STRING',
    "inside a prefixed literal (E'…' aside, only plain '…' strings can become parameters): write CAST('…' AS type) instead",
  ],
};

function isSignificant(token: SqlToken): boolean {
  return token.kind !== 'space' && token.kind !== 'comment';
}

/**
 * Compiles a SQL statement so that no input can change it: every `{{ inputs.x }}` and
 * `{{ env.X }}` becomes a bound parameter (`$n` for Postgres, `?` for MySQL), quoted literals
 * holding placeholders become one text parameter each, and every placeholder that cannot be a
 * value (identifier, sort key, keyword, comment, `$$` body) is a definition error with its
 * position. See DESIGN §2 "Substitution that cannot inject".
 */
export function compileSql(statement: string, options: CompileSqlOptions): CompileSqlResult {
  const { dialect } = options;
  const diagnostics: Diagnostic[] = [];
  const refs: ValueRef[] = [];
  const params: ParamSpec[] = [];
  const paramTypes: SqlParamType[] = [];
  const typeOf = (ref: ValueRef): InputType =>
    ref.scope === 'env' ? 'string' : options.inputs.get(ref.name)!.type;
  const report = (code: DiagnosticCode, message: string, offset: number, length: number) => {
    diagnostics.push({
      severity: 'error',
      code,
      message,
      path: ['statement'],
      offset,
      length,
      ...sourcePosition(statement, offset),
    });
  };

  const { tokens, problems } =
    dialect === 'postgres' ? tokenizePostgres(statement) : tokenizeMysql(statement);
  for (const problem of problems) {
    report('STATEMENT_UNTERMINATED', problem.message, problem.offset, problem.length);
  }

  const checkRef = (placeholder: FoundPlaceholder): ValueRef | undefined => {
    const length = placeholder.end - placeholder.start;
    if (placeholder.problem !== undefined || placeholder.ref === undefined) {
      report(
        'PLACEHOLDER_MALFORMED',
        placeholder.problem ?? 'malformed placeholder',
        placeholder.start,
        length,
      );
      return undefined;
    }
    const { ref } = placeholder;
    refs.push(ref);
    if (ref.scope === 'inputs' && !options.inputs.has(ref.name)) {
      report('INPUT_UNDECLARED', `input '${ref.name}' is not declared`, placeholder.start, length);
      return undefined;
    }
    return ref;
  };

  const frames = new SqlFrames();
  const before: SignificantToken[] = [];
  const out: string[] = [];
  let terminated = false;
  let reportedMultiple = false;

  const nextSignificant = (index: number): SignificantToken | undefined => {
    for (let j = index + 1; j < tokens.length; j++) {
      const token = tokens[j]!;
      if (isSignificant(token)) return { token, text: textOf(token) };
    }
    return undefined;
  };
  const textOf = (token: SqlToken): string => {
    const raw = statement.slice(token.start, token.end);
    return token.kind === 'word' ? raw.toUpperCase() : raw;
  };
  const positionProblem = (index: number, literal: boolean): string | undefined => {
    const prev = before[before.length - 1];
    return checkValuePosition(
      { dialect, frame: frames.current, before, next: nextSignificant(index), literal },
      prev === undefined ? '' : statement.slice(prev.token.start, prev.token.end),
    );
  };
  const marker = (index: number, type: InputType | 'text'): string =>
    dialect === 'postgres'
      ? `$${params.length}${postgresCast(type, nextSignificant(index)?.text)}`
      : '?';

  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const raw = statement.slice(token.start, token.end);
    let emitted = raw;

    if (token.kind === 'placeholder') {
      const placeholder = token.placeholder!;
      const ref = checkRef(placeholder);
      const length = token.end - token.start;
      const joined =
        isWordPart(statement[token.start - 1]) ||
        isWordPart(statement[token.end]) ||
        '"`'.includes(statement[token.start - 1] ?? ' ') ||
        '"`'.includes(statement[token.end] ?? ' ');
      const problem = joined
        ? 'cannot be joined to an identifier: identifiers cannot be parameters'
        : positionProblem(index, false);
      if (problem !== undefined) {
        report('PLACEHOLDER_POSITION', `placeholder ${raw} ${problem}`, token.start, length);
      }
      const type = ref === undefined ? 'string' : typeOf(ref);
      if (problem === undefined && ref !== undefined) {
        if (type === 'string' && !options.legacyPlaceholders) {
          report(
            'BARE_STRING_PLACEHOLDER',
            `placeholder ${formatRef(ref)} is a bare string: as text it would be raw SQL. ` +
              `Quote it ('${formatRef(ref)}') to make it a value`,
            token.start,
            length,
          );
        }
      }
      params.push({ kind: 'value', ref: ref ?? { scope: 'inputs', name: '' } });
      paramTypes.push(type);
      emitted = marker(index, type);
    } else if (token.kind === 'positional') {
      report(
        'POSITIONAL_PARAMETER',
        `positional parameter ${raw} is not allowed: use {{ inputs.<name> }} placeholders`,
        token.start,
        raw.length,
      );
    } else if (token.kind === 'string' || IN_TOKEN[token.kind] !== undefined) {
      const placeholders = findPlaceholders(statement, token.start, token.end);
      const refused = IN_TOKEN[token.kind];
      if (placeholders.length > 0 && refused !== undefined) {
        for (const placeholder of placeholders) {
          const text = statement.slice(placeholder.start, placeholder.end);
          report(refused[0], `placeholder ${text} ${refused[1]}`, placeholder.start, text.length);
        }
      } else if (placeholders.length > 0) {
        const valid = placeholders.map(checkRef).every((ref) => ref !== undefined);
        const problem = positionProblem(index, true);
        if (problem !== undefined) {
          report('PLACEHOLDER_POSITION', `quoted placeholder ${problem}`, token.start, raw.length);
        }
        const parts = valid ? decodeLiteral(statement, token, placeholders, dialect) : [];
        if (typeof parts === 'number') {
          report(
            'PLACEHOLDER_MALFORMED',
            'placeholder directly after a backslash escape is ambiguous: remove the backslash',
            parts,
            2,
          );
        } else {
          params.push({ kind: 'text', parts });
          paramTypes.push('text');
        }
        emitted = marker(index, 'text');
      }
    }

    if (isSignificant(token)) {
      const significant = { token, text: textOf(token) };
      if (significant.text === ';') terminated = true;
      else if (terminated && !reportedMultiple) {
        report(
          'STATEMENT_MULTIPLE',
          'only one statement per tool: remove everything after the first ;',
          token.start,
          raw.length,
        );
        reportedMultiple = true;
      }
      frames.advance(significant, before);
      before.push(significant);
    }
    // `$1abc` would lex as one token in Postgres: keep a following word apart.
    if (emitted !== raw && dialect === 'postgres' && isWordPart(statement[token.end])) {
      emitted += ' ';
    }
    out.push(emitted);
  }

  if (before.every((t) => t.text === ';')) {
    diagnostics.push({
      severity: 'error',
      code: 'STATEMENT_EMPTY',
      message: 'the statement is empty',
      path: ['statement'],
    });
  }
  const failed = diagnostics.some((d) => d.severity === 'error');
  return {
    compiled: failed ? undefined : { dialect, text: out.join(''), params, paramTypes },
    diagnostics,
    refs,
  };
}
