import type { SignificantToken, SqlFrame } from './sql-frames';
import {
  CALL_VALUE_KEYWORDS,
  KEYWORDS,
  MYSQL_VALUE_KEYWORDS,
  NAME_LIST_CLAUSES,
  VALUE_KEYWORDS,
} from './sql-keywords';
import type { SqlDialect } from './sql-token';

const TABLE_WORDS = new Set(['FROM', 'JOIN', 'INTO', 'UPDATE', 'TABLE']);
const VALUE_TOKEN_KINDS = new Set([
  'number',
  'string',
  'prefixed_string',
  'dollar_string',
  'placeholder',
  'positional',
  'quoted_identifier',
]);

export interface ValuePositionQuery {
  dialect: SqlDialect;
  frame: SqlFrame;
  /** Significant tokens before the value, most recent last. */
  before: readonly SignificantToken[];
  next: SignificantToken | undefined;
  /** A quoted literal holding placeholders (vs a bare placeholder). */
  literal: boolean;
}

function wordAllowsValue(word: string, query: ValuePositionQuery): boolean {
  const { before, frame, dialect } = query;
  const prev2 = before[before.length - 2]?.text;
  const prev3 = before[before.length - 3]?.text;
  if (VALUE_KEYWORDS.has(word)) return true;
  if (dialect === 'mysql' && MYSQL_VALUE_KEYWORDS.has(word)) return true;
  if (word === 'FROM' && prev2 === 'DISTINCT') return true;
  if (word === 'TO' && prev2 === 'SIMILAR') return true;
  if (word === 'ZONE' && prev2 === 'TIME' && prev3 === 'AT') return true;
  return frame.kind === 'call' && !frame.sawSelect && CALL_VALUE_KEYWORDS.has(word);
}

function afterWord(word: string, raw: string, query: ValuePositionQuery): string | undefined {
  if (wordAllowsValue(word, query)) return undefined;
  const prev2 = query.before[query.before.length - 2]?.text;
  if (word === 'BY' && prev2 !== undefined && ['ORDER', 'GROUP', 'PARTITION'].includes(prev2)) {
    return `cannot stand after ${prev2} BY: ${NAME_LIST_CLAUSES[`${prev2} BY`]}`;
  }
  if (TABLE_WORDS.has(word)) return `cannot stand after ${word}: table names cannot be parameters`;
  if (word === 'AS') return 'cannot stand after AS: aliases and type names cannot be parameters';
  if (query.literal && (!KEYWORDS.has(word) || word === 'INTERVAL')) {
    return (
      `cannot stand in a typed literal ${raw} '…': write CAST('…' AS ${raw}) or '…'::${raw} ` +
      'so the literal can become a parameter'
    );
  }
  return `cannot stand after ${raw}: a value cannot stand here (identifier or keyword position)`;
}

/**
 * Whether a value (a bare placeholder, or a quoted literal holding placeholders) may stand at
 * this position; a parameter anywhere else would change the statement's meaning or fail to
 * prepare. Returns the problem ("cannot stand after ORDER BY: …"), or undefined when it may.
 */
export function checkValuePosition(query: ValuePositionQuery, rawPrev: string): string | undefined {
  const { before, next, frame } = query;
  if (next?.text === '.') return "cannot be followed by '.': identifiers cannot be parameters";
  if (next?.text === '(') return "cannot be followed by '(': function names cannot be parameters";
  const prev = before[before.length - 1];
  if (prev === undefined) return 'cannot start the statement (keyword position)';
  const kind = prev.token.kind;
  if (kind === 'word') return afterWord(prev.text, rawPrev, query);
  if (VALUE_TOKEN_KINDS.has(kind) || prev.text === ')' || prev.text === ']') {
    return 'cannot follow another value or identifier directly';
  }
  switch (prev.text) {
    case '.':
      return "cannot follow '.': identifiers cannot be parameters";
    case '::':
      return "cannot follow '::': type names cannot be parameters";
    case ';':
      return "cannot follow ';' (keyword position)";
    case '(':
      return frame.kind === 'names'
        ? 'cannot stand in a list of names: identifiers cannot be parameters'
        : undefined;
    case ',': {
      if (frame.kind === 'names') {
        return 'cannot stand in a list of names: identifiers cannot be parameters';
      }
      const reason = frame.clause === null ? undefined : NAME_LIST_CLAUSES[frame.clause];
      return reason === undefined ? undefined : `cannot stand in a ${frame.clause} list: ${reason}`;
    }
  }
  return undefined;
}
