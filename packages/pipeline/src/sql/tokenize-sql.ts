import { matchPlaceholderAt } from '../template/match-placeholder-at';
import { isDigit, isSpace, isWordPart, readNumber } from './char-classes';
import { scanQuoted } from './scan-quoted';
import type { SqlToken, SqlTokenKind, SqlTokenProblem, SqlTokens } from './sql-token';

/** What a dialect's own scanning may do: record tokens and problems, and read words and quotes. */
export interface SqlScanner {
  readonly text: string;
  /** Records a token with no content offsets and returns its end. */
  push(kind: SqlTokenKind, start: number, end: number): number;
  /** Records a token as it is and returns its end. */
  pushToken(token: SqlToken): number;
  /** Records that the construct at `start` runs to the end of the text, and returns that end. */
  unterminated(start: number, what: string): number;
  /**
   * Records a quoted string or identifier whose token starts at `start` and whose opening quote
   * is at `quoteAt` (after any prefix), and returns its end.
   */
  quoted(start: number, quoteAt: number, kind: SqlTokenKind, backslashEscapes: boolean): number;
  /** End of the identifier-like word whose first character is at `start`. */
  wordEnd(start: number): number;
}

/** The lexical rules in which the SQL dialects differ. */
export interface SqlLexicalRules {
  /** Characters that run together into one operator token. */
  readonly operatorChars: string;
  /** Characters that are one punctuation token each. */
  readonly punctChars: string;
  lineCommentAt(text: string, at: number): boolean;
  /** Offset just after the block comment whose `/*` is at `at`, or -1 when the text ends first. */
  blockCommentEnd(text: string, at: number): number;
  /**
   * The tokens only this dialect has (its strings, identifiers, prefixed literals and positional
   * parameters): records the one starting at `at` and returns its end, or returns undefined when
   * none starts there. Tried after whitespace, comments and placeholders, before numbers,
   * punctuation and operators.
   */
  scanDialectToken(scanner: SqlScanner, at: number): number | undefined;
}

/**
 * Splits `text` into tokens by the scanning both dialects share (whitespace, comments,
 * `{{ … }}` placeholders, numbers, punctuation, operator runs) and `rules` for what they do not.
 * Never throws: an unterminated string or comment runs to the end and is reported as a problem.
 */
export function tokenizeSql(text: string, rules: SqlLexicalRules): SqlTokens {
  const tokens: SqlToken[] = [];
  const problems: SqlTokenProblem[] = [];
  const n = text.length;

  const scanner: SqlScanner = {
    text,
    push(kind, start, end) {
      tokens.push({ kind, start, end });
      return end;
    },
    pushToken(token) {
      tokens.push(token);
      return token.end;
    },
    unterminated(start, what) {
      problems.push({ offset: start, length: n - start, message: `unterminated ${what}` });
      return n;
    },
    quoted(start, quoteAt, kind, backslashEscapes) {
      const quote = text[quoteAt]!;
      const close = scanQuoted(text, quoteAt + 1, quote, backslashEscapes);
      const what = kind === 'quoted_identifier' ? 'quoted identifier' : 'string literal';
      const end = close === -1 ? scanner.unterminated(start, what) : close + 1;
      const token: SqlToken = {
        kind,
        start,
        end,
        contentStart: quoteAt + 1,
        contentEnd: close === -1 ? n : close,
        backslashEscapes,
      };
      // Only `'` and `"` can hold a value; a backtick identifier has no `quote` to decode by.
      if (quote === "'" || quote === '"') token.quote = quote;
      return scanner.pushToken(token);
    },
    wordEnd(start) {
      let end = start + 1;
      while (end < n && isWordPart(text[end])) end++;
      return end;
    },
  };

  const operatorEnd = (start: number): number => {
    let end = start + 1;
    while (
      end < n &&
      rules.operatorChars.includes(text[end]!) &&
      !rules.lineCommentAt(text, end) &&
      !(text[end] === '/' && text[end + 1] === '*')
    ) {
      end++;
    }
    return end;
  };

  const scanAt = (start: number): number => {
    const ch = text[start]!;
    const next = text[start + 1];
    if (isSpace(ch)) {
      let end = start + 1;
      while (end < n && isSpace(text[end])) end++;
      return scanner.push('space', start, end);
    }
    if (rules.lineCommentAt(text, start)) {
      const lineEnd = text.indexOf('\n', start);
      return scanner.push('comment', start, lineEnd === -1 ? n : lineEnd);
    }
    if (ch === '/' && next === '*') {
      const end = rules.blockCommentEnd(text, start);
      return scanner.push(
        'comment',
        start,
        end === -1 ? scanner.unterminated(start, 'block comment') : end,
      );
    }
    const placeholder = matchPlaceholderAt(text, start);
    if (placeholder !== undefined) {
      return scanner.pushToken({ kind: 'placeholder', start, end: placeholder.end, placeholder });
    }
    const dialectEnd = rules.scanDialectToken(scanner, start);
    if (dialectEnd !== undefined) return dialectEnd;
    if (isDigit(ch) || (ch === '.' && isDigit(next))) {
      return scanner.push('number', start, readNumber(text, start));
    }
    if (rules.punctChars.includes(ch)) return scanner.push('punct', start, start + 1);
    if (rules.operatorChars.includes(ch))
      return scanner.push('operator', start, operatorEnd(start));
    return scanner.push('operator', start, start + 1);
  };

  let i = 0;
  while (i < n) i = scanAt(i);
  return { tokens, problems };
}
