/**
 * Scans a quoted run starting just after the opening quote; a doubled quote is an escaped
 * quote, and with `backslashEscapes` a backslash escapes the next character. Returns the offset
 * of the closing quote, or -1 when the text ends first.
 */
export function scanQuoted(
  text: string,
  from: number,
  quote: string,
  backslashEscapes: boolean,
): number {
  let j = from;
  while (j < text.length) {
    const ch = text[j];
    if (backslashEscapes && ch === '\\') {
      j += 2;
    } else if (ch === quote) {
      if (text[j + 1] === quote) j += 2;
      else return j;
    } else {
      j++;
    }
  }
  return -1;
}
