import { isWordStart } from './char-classes';
import type { SqlTokens } from './sql-token';
import { type SqlLexicalRules, tokenizeSql } from './tokenize-sql';

function startsDashComment(text: string, i: number): boolean {
  if (text[i] !== '-' || text[i + 1] !== '-') return false;
  const after = text.charCodeAt(i + 2);
  // MySQL: `--` starts a comment only when followed by whitespace or a control character.
  return Number.isNaN(after) || after <= 32;
}

const MYSQL_RULES: SqlLexicalRules = {
  operatorChars: '+-*/<>=~!@%^&|:',
  punctChars: '()[],;.{}',
  lineCommentAt: (text, at) => text[at] === '#' || startsDashComment(text, at),
  // Not nested: the first `*/` closes the comment.
  blockCommentEnd(text, at) {
    const close = text.indexOf('*/', at + 2);
    return close === -1 ? -1 : close + 2;
  },
  scanDialectToken(scanner, at) {
    const { text } = scanner;
    const ch = text[at];
    if (ch === "'" || ch === '"') return scanner.quoted(at, at, 'string', true);
    if (ch === '`') return scanner.quoted(at, at, 'quoted_identifier', false);
    if (isWordStart(ch) || ch === '$') {
      const end = scanner.wordEnd(at);
      if (text[end] === "'") return scanner.quoted(at, end, 'prefixed_string', true);
      return scanner.push('word', at, end);
    }
    if (ch === '?') return scanner.push('positional', at, at + 1);
    return undefined;
  },
};

/**
 * MySQL lexical rules (default sql_mode: no ANSI_QUOTES, no NO_BACKSLASH_ESCAPES): `#`, `-- `
 * and `/* *\/` comments (not nested; `/*!…*\/` is a comment too); `'…'` and `"…"` strings with
 * backslash escapes and doubled quotes; backtick identifiers; prefixed strings `N'…'`, `X'…'`,
 * `B'…'`, `_charset'…'`; `?` positional parameters.
 */
export function tokenizeMysql(text: string): SqlTokens {
  return tokenizeSql(text, MYSQL_RULES);
}
