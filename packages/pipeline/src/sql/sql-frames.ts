import { CLAUSE_KEYWORDS, KEYWORDS, NAME_PAREN_KEYWORDS } from './sql-keywords';
import type { SqlToken } from './sql-token';

export type FrameKind = 'root' | 'expr' | 'call' | 'names';

/** One parenthesis level: what it holds and the clause its comma-separated items belong to. */
export interface SqlFrame {
  kind: FrameKind;
  clause: string | null;
  sawSelect: boolean;
}

export interface SignificantToken {
  token: SqlToken;
  /** Upper-cased text for words, the text itself for punctuation and operators. */
  text: string;
}

/**
 * Tracks clauses and parenthesis kinds while the compiler walks the significant tokens, so a
 * placeholder's position can be judged: `ORDER BY a, {{ x }}` is a sort key, `f(a, {{ x }})` an
 * argument, `INSERT INTO t (a, {{ x }})` a column name.
 */
export class SqlFrames {
  private readonly stack: SqlFrame[] = [{ kind: 'root', clause: null, sawSelect: false }];

  get current(): SqlFrame {
    return this.stack[this.stack.length - 1]!;
  }

  /** Call after each significant token, with the ones before it (most recent last). */
  advance(token: SignificantToken, before: readonly SignificantToken[]): void {
    const frame = this.current;
    const prev = before[before.length - 1];
    if (token.token.kind === 'word') {
      const word = token.text;
      if (
        word === 'BY' &&
        prev !== undefined &&
        ['ORDER', 'GROUP', 'PARTITION'].includes(prev.text)
      ) {
        frame.clause = `${prev.text} BY`;
      } else if (word === 'FROM' && frame.kind === 'call' && !frame.sawSelect) {
        // EXTRACT(YEAR FROM x), SUBSTRING(x FROM 2): a value follows, not a table.
      } else if (word === 'JOIN') {
        frame.clause = 'JOIN';
      } else if (CLAUSE_KEYWORDS.has(word)) {
        frame.clause = ['UNION', 'INTERSECT', 'EXCEPT'].includes(word) ? null : word;
        if (word === 'SELECT') frame.sawSelect = true;
      }
      return;
    }
    if (token.token.kind === 'punct' && token.text === '(') {
      this.stack.push({ kind: this.parenKind(before), clause: null, sawSelect: false });
    } else if (token.token.kind === 'punct' && token.text === ')' && this.stack.length > 1) {
      this.stack.pop();
    }
  }

  private parenKind(before: readonly SignificantToken[]): FrameKind {
    const prev = before[before.length - 1];
    if (prev === undefined) return 'expr';
    const isName =
      prev.token.kind === 'quoted_identifier' ||
      (prev.token.kind === 'word' && !KEYWORDS.has(prev.text));
    if (prev.token.kind === 'word' && NAME_PAREN_KEYWORDS.has(prev.text)) return 'names';
    if (!isName) return 'expr';
    // A name followed by `(`: a function call, unless it is the table of INSERT INTO t (…),
    // a CTE's column list (WITH x (…) AS), an alias's column list (AS t (…)) or DDL.
    let i = before.length - 2;
    while (i >= 1 && before[i]!.text === '.') i -= 2;
    const beforeName = before[i];
    const clause = this.current.clause;
    if (beforeName?.text === 'AS') return 'names';
    if (clause === 'INTO' || clause === 'TABLE') return 'names';
    if (clause === 'WITH' && (beforeName?.text === 'WITH' || beforeName?.text === ',')) {
      return 'names';
    }
    if (beforeName?.text === 'RECURSIVE') return 'names';
    return 'call';
  }
}
