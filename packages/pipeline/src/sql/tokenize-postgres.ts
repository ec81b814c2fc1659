import { matchPlaceholderAt } from '../template/match-placeholder-at';
import { isDigit, isSpace, isWordPart, isWordStart, readNumber } from './char-classes';
import { scanQuoted } from './scan-quoted';
import type { SqlToken, SqlTokenProblem, SqlTokens } from './sql-token';

const OPERATOR_CHARS = '+-*/<>=~!@#%^&|`?';
const PUNCT_CHARS = '()[],;.:{}';
const DOLLAR_TAG = /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;

/** End of a `$tag$` / `$$` opening at `at`, or -1. */
function dollarTagEnd(text: string, at: number): number {
  DOLLAR_TAG.lastIndex = at;
  return DOLLAR_TAG.test(text) ? DOLLAR_TAG.lastIndex : -1;
}

/**
 * Postgres lexical rules (standard_conforming_strings on, the default since 9.1): `--` and
 * nested `/* *\/` comments; `'…'` strings with `''`; `E'…'` with backslash escapes;
 * `$tag$…$tag$` bodies; `"identifiers"` with `""`; prefixed strings `U&'…'`, `B'…'`, `X'…'`,
 * `N'…'` and `type'…'`; `$n` positional parameters.
 */
export function tokenizePostgres(text: string): SqlTokens {
  const tokens: SqlToken[] = [];
  const problems: SqlTokenProblem[] = [];
  const n = text.length;
  let i = 0;

  const unterminated = (start: number, what: string): number => {
    problems.push({ offset: start, length: n - start, message: `unterminated ${what}` });
    return n;
  };

  const quoted = (start: number, quoteAt: number, kind: SqlToken['kind'], escapes: boolean) => {
    const quote = text[quoteAt] as "'" | '"';
    const close = scanQuoted(text, quoteAt + 1, quote, escapes);
    const what = kind === 'quoted_identifier' ? 'quoted identifier' : 'string literal';
    const end = close === -1 ? unterminated(start, what) : close + 1;
    tokens.push({
      kind,
      start,
      end,
      contentStart: quoteAt + 1,
      contentEnd: close === -1 ? n : close,
      quote,
      backslashEscapes: escapes,
    });
    return end;
  };

  while (i < n) {
    const ch = text[i]!;
    const next = text[i + 1];
    const start = i;
    if (isSpace(ch)) {
      while (i < n && isSpace(text[i])) i++;
      tokens.push({ kind: 'space', start, end: i });
    } else if (ch === '-' && next === '-') {
      const lineEnd = text.indexOf('\n', i);
      i = lineEnd === -1 ? n : lineEnd;
      tokens.push({ kind: 'comment', start, end: i });
    } else if (ch === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (text[i] === '/' && text[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (text[i] === '*' && text[i + 1] === '/') {
          depth--;
          i += 2;
        } else i++;
      }
      if (depth > 0) i = unterminated(start, 'block comment');
      tokens.push({ kind: 'comment', start, end: i });
    } else if (ch === '{' && next === '{' && matchPlaceholderAt(text, i)) {
      const placeholder = matchPlaceholderAt(text, i)!;
      i = placeholder.end;
      tokens.push({ kind: 'placeholder', start, end: i, placeholder });
    } else if (ch === "'") {
      i = quoted(start, i, 'string', false);
    } else if (ch === '"') {
      i = quoted(start, i, 'quoted_identifier', false);
    } else if (isWordStart(ch)) {
      let j = i + 1;
      while (j < n && isWordPart(text[j])) j++;
      const word = text.slice(i, j);
      if (text[j] === "'") {
        const escapeString = word === 'E' || word === 'e';
        i = quoted(start, j, escapeString ? 'string' : 'prefixed_string', escapeString);
      } else if ((word === 'U' || word === 'u') && text[j] === '&' && text[j + 1] === "'") {
        i = quoted(start, j + 1, 'prefixed_string', false);
      } else if ((word === 'U' || word === 'u') && text[j] === '&' && text[j + 1] === '"') {
        i = quoted(start, j + 1, 'quoted_identifier', false);
      } else {
        i = j;
        tokens.push({ kind: 'word', start, end: i });
      }
    } else if (ch === '$' && isDigit(next)) {
      i++;
      while (i < n && isDigit(text[i])) i++;
      tokens.push({ kind: 'positional', start, end: i });
    } else if (ch === '$' && dollarTagEnd(text, i) !== -1) {
      const tagEnd = dollarTagEnd(text, i);
      const tag = text.slice(i, tagEnd);
      const close = text.indexOf(tag, tagEnd);
      const contentStart = tagEnd;
      i = close === -1 ? unterminated(start, `${tag} quoted string`) : close + tag.length;
      tokens.push({
        kind: 'dollar_string',
        start,
        end: i,
        contentStart,
        contentEnd: close === -1 ? n : close,
      });
    } else if (isDigit(ch) || (ch === '.' && isDigit(next))) {
      i = readNumber(text, i);
      tokens.push({ kind: 'number', start, end: i });
    } else if (ch === ':' && next === ':') {
      i += 2;
      tokens.push({ kind: 'punct', start, end: i });
    } else if (PUNCT_CHARS.includes(ch)) {
      i++;
      tokens.push({ kind: 'punct', start, end: i });
    } else if (OPERATOR_CHARS.includes(ch)) {
      i++;
      while (
        i < n &&
        OPERATOR_CHARS.includes(text[i]!) &&
        !(text[i] === '-' && text[i + 1] === '-') &&
        !(text[i] === '/' && text[i + 1] === '*')
      ) {
        i++;
      }
      tokens.push({ kind: 'operator', start, end: i });
    } else {
      i++;
      tokens.push({ kind: 'operator', start, end: i });
    }
  }
  return { tokens, problems };
}
