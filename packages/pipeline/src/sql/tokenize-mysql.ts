import { matchPlaceholderAt } from '../template/match-placeholder-at';
import { isDigit, isSpace, isWordPart, isWordStart, readNumber } from './char-classes';
import { scanQuoted } from './scan-quoted';
import type { SqlToken, SqlTokenProblem, SqlTokens } from './sql-token';

const OPERATOR_CHARS = '+-*/<>=~!@%^&|:';
const PUNCT_CHARS = '()[],;.{}';

function startsDashComment(text: string, i: number): boolean {
  if (text[i] !== '-' || text[i + 1] !== '-') return false;
  const after = text.charCodeAt(i + 2);
  // MySQL: `--` starts a comment only when followed by whitespace or a control character.
  return Number.isNaN(after) || after <= 32;
}

/**
 * MySQL lexical rules (default sql_mode: no ANSI_QUOTES, no NO_BACKSLASH_ESCAPES): `#`, `-- `
 * and `/* *\/` comments (not nested; `/*!…*\/` is a comment too); `'…'` and `"…"` strings with
 * backslash escapes and doubled quotes; backtick identifiers; prefixed strings `N'…'`, `X'…'`,
 * `B'…'`, `_charset'…'`; `?` positional parameters.
 */
export function tokenizeMysql(text: string): SqlTokens {
  const tokens: SqlToken[] = [];
  const problems: SqlTokenProblem[] = [];
  const n = text.length;
  let i = 0;

  const unterminated = (start: number, what: string): number => {
    problems.push({ offset: start, length: n - start, message: `unterminated ${what}` });
    return n;
  };

  const quoted = (start: number, quoteAt: number, kind: SqlToken['kind']) => {
    const quote = text[quoteAt]!;
    const identifier = kind === 'quoted_identifier';
    const close = scanQuoted(text, quoteAt + 1, quote, !identifier);
    const end =
      close === -1
        ? unterminated(start, identifier ? 'quoted identifier' : 'string literal')
        : close + 1;
    const token: SqlToken = {
      kind,
      start,
      end,
      contentStart: quoteAt + 1,
      contentEnd: close === -1 ? n : close,
      backslashEscapes: !identifier,
    };
    if (quote === "'" || quote === '"') token.quote = quote;
    tokens.push(token);
    return end;
  };

  while (i < n) {
    const ch = text[i]!;
    const next = text[i + 1];
    const start = i;
    if (isSpace(ch)) {
      while (i < n && isSpace(text[i])) i++;
      tokens.push({ kind: 'space', start, end: i });
    } else if (ch === '#' || startsDashComment(text, i)) {
      const lineEnd = text.indexOf('\n', i);
      i = lineEnd === -1 ? n : lineEnd;
      tokens.push({ kind: 'comment', start, end: i });
    } else if (ch === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close === -1 ? unterminated(start, 'block comment') : close + 2;
      tokens.push({ kind: 'comment', start, end: i });
    } else if (ch === '{' && next === '{' && matchPlaceholderAt(text, i)) {
      const placeholder = matchPlaceholderAt(text, i)!;
      i = placeholder.end;
      tokens.push({ kind: 'placeholder', start, end: i, placeholder });
    } else if (ch === "'" || ch === '"') {
      i = quoted(start, i, 'string');
    } else if (ch === '`') {
      i = quoted(start, i, 'quoted_identifier');
    } else if (isWordStart(ch) || ch === '$') {
      let j = i + 1;
      while (j < n && isWordPart(text[j])) j++;
      if (text[j] === "'") {
        i = quoted(start, j, 'prefixed_string');
      } else {
        i = j;
        tokens.push({ kind: 'word', start, end: i });
      }
    } else if (ch === '?') {
      i++;
      tokens.push({ kind: 'positional', start, end: i });
    } else if (isDigit(ch) || (ch === '.' && isDigit(next))) {
      i = readNumber(text, i);
      tokens.push({ kind: 'number', start, end: i });
    } else if (PUNCT_CHARS.includes(ch)) {
      i++;
      tokens.push({ kind: 'punct', start, end: i });
    } else if (OPERATOR_CHARS.includes(ch)) {
      i++;
      while (
        i < n &&
        OPERATOR_CHARS.includes(text[i]!) &&
        !startsDashComment(text, i) &&
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
