import { type FoundPlaceholder, findPlaceholders } from './find-placeholders';

/** The placeholder (valid or malformed) starting exactly at `offset`, if any. */
export function matchPlaceholderAt(text: string, offset: number): FoundPlaceholder | undefined {
  if (text.charCodeAt(offset) !== 123 || text.charCodeAt(offset + 1) !== 123) return undefined;
  const lineEnd = text.indexOf('\n', offset);
  const [first] = findPlaceholders(text, offset, lineEnd === -1 ? text.length : lineEnd);
  return first?.start === offset ? first : undefined;
}
