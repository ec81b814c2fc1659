import { isDigit, isWordStart } from './char-classes';
import type { SqlTokens } from './sql-token';
import { type SqlLexicalRules, tokenizeSql } from './tokenize-sql';

const DOLLAR_TAG = /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;

/** End of a `$tag$` / `$$` opening at `at`, or -1. */
function dollarTagEnd(text: string, at: number): number {
  DOLLAR_TAG.lastIndex = at;
  return DOLLAR_TAG.test(text) ? DOLLAR_TAG.lastIndex : -1;
}

const POSTGRES_RULES: SqlLexicalRules = {
  operatorChars: '+-*/<>=~!@#%^&|`?',
  punctChars: '()[],;.:{}',
  lineCommentAt: (text, at) => text[at] === '-' && text[at + 1] === '-',
  // Nested: each `/*` needs its own `*/`.
  blockCommentEnd(text, at) {
    let depth = 1;
    let i = at + 2;
    while (i < text.length && depth > 0) {
      if (text[i] === '/' && text[i + 1] === '*') {
        depth++;
        i += 2;
      } else if (text[i] === '*' && text[i + 1] === '/') {
        depth--;
        i += 2;
      } else i++;
    }
    return depth > 0 ? -1 : i;
  },
  scanDialectToken(scanner, at) {
    const { text } = scanner;
    const ch = text[at];
    const next = text[at + 1];
    if (ch === "'") return scanner.quoted(at, at, 'string', false);
    if (ch === '"') return scanner.quoted(at, at, 'quoted_identifier', false);
    if (isWordStart(ch)) {
      const end = scanner.wordEnd(at);
      const word = text.slice(at, end);
      if (text[end] === "'") {
        const escapeString = word === 'E' || word === 'e';
        return scanner.quoted(at, end, escapeString ? 'string' : 'prefixed_string', escapeString);
      }
      if ((word === 'U' || word === 'u') && text[end] === '&' && text[end + 1] === "'") {
        return scanner.quoted(at, end + 1, 'prefixed_string', false);
      }
      if ((word === 'U' || word === 'u') && text[end] === '&' && text[end + 1] === '"') {
        return scanner.quoted(at, end + 1, 'quoted_identifier', false);
      }
      return scanner.push('word', at, end);
    }
    if (ch === '$' && isDigit(next)) {
      let end = at + 1;
      while (end < text.length && isDigit(text[end])) end++;
      return scanner.push('positional', at, end);
    }
    if (ch === '$' && dollarTagEnd(text, at) !== -1) {
      const tagEnd = dollarTagEnd(text, at);
      const tag = text.slice(at, tagEnd);
      const close = text.indexOf(tag, tagEnd);
      return scanner.pushToken({
        kind: 'dollar_string',
        start: at,
        end: close === -1 ? scanner.unterminated(at, `${tag} quoted string`) : close + tag.length,
        contentStart: tagEnd,
        contentEnd: close === -1 ? text.length : close,
      });
    }
    // The cast operator: one token, so `{{ inputs.x }}::int` sees it as the author's own cast.
    if (ch === ':' && next === ':') return scanner.push('punct', at, at + 2);
    return undefined;
  },
};

/**
 * Postgres lexical rules (standard_conforming_strings on, the default since 9.1): `--` and
 * nested `/* *\/` comments; `'…'` strings with `''`; `E'…'` with backslash escapes;
 * `$tag$…$tag$` bodies; `"identifiers"` with `""`; prefixed strings `U&'…'`, `B'…'`, `X'…'`,
 * `N'…'` and `type'…'`; `$n` positional parameters.
 */
export function tokenizePostgres(text: string): SqlTokens {
  return tokenizeSql(text, POSTGRES_RULES);
}
