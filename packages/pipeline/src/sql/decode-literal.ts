import type { FoundPlaceholder } from '../template/find-placeholders';
import type { ValueRef } from '../template/value-ref';
import { decodeEscape } from './decode-escapes';
import type { SqlDialect, SqlToken } from './sql-token';

export type LiteralPart = string | ValueRef;

/**
 * The text a quoted literal stands for, with its placeholders kept as references: quotes and
 * escapes decoded per dialect, so the bound parameter holds exactly what the literal meant.
 * Returns the offset of a placeholder that directly follows an escaping backslash (ambiguous:
 * refused) as a number.
 */
export function decodeLiteral(
  text: string,
  token: SqlToken,
  placeholders: readonly FoundPlaceholder[],
  dialect: SqlDialect,
): LiteralPart[] | number {
  const parts: LiteralPart[] = [];
  const quote = text[token.contentStart! - 1]!;
  const end = token.contentEnd!;
  let buffer = '';
  let i = token.contentStart!;
  let next = 0;
  while (i < end) {
    const placeholder = placeholders[next];
    if (placeholder !== undefined && placeholder.start === i) {
      if (buffer !== '') parts.push(buffer);
      buffer = '';
      parts.push(placeholder.ref!);
      i = placeholder.end;
      next++;
      continue;
    }
    if (placeholder !== undefined && placeholder.start < i) return placeholder.start;
    const ch = text[i]!;
    if (token.backslashEscapes && ch === '\\') {
      if (placeholder !== undefined && placeholder.start === i + 1) return placeholder.start;
      const [decoded, after] = decodeEscape(text, i, dialect);
      buffer += decoded;
      i = after;
    } else if (ch === quote && text[i + 1] === quote) {
      buffer += quote;
      i += 2;
    } else {
      buffer += ch;
      i++;
    }
  }
  if (buffer !== '') parts.push(buffer);
  return parts;
}
