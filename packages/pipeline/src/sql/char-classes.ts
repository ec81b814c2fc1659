export function isSpace(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f' || ch === '\v';
}

export function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

export function isWordStart(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch === '_' || ch > '\u007f';
}

/** Identifier continuation; both dialects allow `$` after the first character. */
export function isWordPart(ch: string | undefined): boolean {
  return isWordStart(ch) || isDigit(ch) || ch === '$';
}

export const NUMBER =
  /0[xXoObB][0-9a-fA-F_]+|(?:\d[\d_]*(?:\.(?!\.)[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?/y;

export function readNumber(text: string, at: number): number {
  NUMBER.lastIndex = at;
  const match = NUMBER.exec(text);
  return match ? at + match[0].length : at + 1;
}
