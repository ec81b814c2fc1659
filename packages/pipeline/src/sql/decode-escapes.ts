import type { SqlDialect } from './sql-token';

const PG_SIMPLE: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const MYSQL_SIMPLE: Record<string, string> = {
  '0': '\0',
  b: '\b',
  n: '\n',
  r: '\r',
  t: '\t',
  Z: '\x1a',
};

function readRun(text: string, from: number, pattern: RegExp, max: number): string {
  let run = '';
  while (
    run.length < max &&
    from + run.length < text.length &&
    pattern.test(text[from + run.length]!)
  ) {
    run += text[from + run.length];
  }
  return run;
}

/**
 * Decodes the backslash escape at `text[at] === '\\'`, returning the characters it stands for
 * and the offset just after it. Postgres `E'…'`: \b \f \n \r \t, \ooo octal, \xhh hex, \uXXXX,
 * \UXXXXXXXX, else the character itself. MySQL: \0 \b \n \r \t \Z, `\%` and `\_` kept with
 * their backslash (they are LIKE escapes), else the character itself.
 */
export function decodeEscape(text: string, at: number, dialect: SqlDialect): [string, number] {
  const ch = text[at + 1];
  if (ch === undefined) return ['\\', at + 1];
  if (dialect === 'mysql') {
    if (ch === '%' || ch === '_') return [`\\${ch}`, at + 2];
    return [MYSQL_SIMPLE[ch] ?? ch, at + 2];
  }
  const simple = PG_SIMPLE[ch];
  if (simple !== undefined) return [simple, at + 2];
  if (ch >= '0' && ch <= '7') {
    const digits = readRun(text, at + 1, /[0-7]/, 3);
    return [String.fromCharCode(Number.parseInt(digits, 8)), at + 1 + digits.length];
  }
  const hexLength = ch === 'x' ? 2 : ch === 'u' ? 4 : ch === 'U' ? 8 : 0;
  if (hexLength > 0) {
    const digits = readRun(text, at + 2, /[0-9a-fA-F]/, hexLength);
    if (digits.length > 0 && (ch === 'x' || digits.length === hexLength)) {
      return [String.fromCodePoint(Number.parseInt(digits, 16)), at + 2 + digits.length];
    }
  }
  return [ch, at + 2];
}
