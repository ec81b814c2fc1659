import type { FoundPlaceholder } from '../template/find-placeholders';

export type SqlDialect = 'postgres' | 'mysql';

export type SqlTokenKind =
  | 'space'
  | 'comment'
  | 'word'
  | 'quoted_identifier'
  /** A plain `'…'` (or MySQL `"…"`, or Postgres `E'…'`) string: placeholders may stand here. */
  | 'string'
  /** A string with a prefix (`X'…'`, `N'…'`, `_utf8mb4'…'`, `U&'…'`, `DATE'…'`): they may not. */
  | 'prefixed_string'
  | 'dollar_string'
  | 'number'
  | 'operator'
  | 'punct'
  | 'placeholder'
  /** `$1` (Postgres) or `?` (MySQL) written by the author. */
  | 'positional';

export interface SqlToken {
  kind: SqlTokenKind;
  start: number;
  end: number;
  /** For strings: offsets of the content between the quotes, and its escape rules. */
  contentStart?: number;
  contentEnd?: number;
  quote?: "'" | '"';
  backslashEscapes?: boolean;
  /** For placeholders. */
  placeholder?: FoundPlaceholder;
}

export interface SqlTokenProblem {
  offset: number;
  length: number;
  message: string;
}

export interface SqlTokens {
  tokens: SqlToken[];
  problems: SqlTokenProblem[];
}
