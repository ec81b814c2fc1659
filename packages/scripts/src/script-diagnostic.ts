/**
 * A problem found in a script, in the author's terms. `line` and `column` are 1-based positions in
 * the source as written (for TypeScript, the column is exact on the offending line unless an
 * earlier part of that line held type annotations, which stripping removes).
 */
export type ScriptDiagnostic = { message: string; line?: number; column?: number };

/** 1-based line and column of a 0-based index into `text`. */
export function positionOf(text: string, index: number): { line: number; column: number } {
  const clamped = Math.max(0, Math.min(index, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < clamped; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: clamped - lineStart + 1 };
}

/** Parser messages end in "(line:column)"; the position is reported separately. */
export function withoutPosition(message: string): string {
  return message.replace(/\s*\(\d+:\d+\)\s*$/, '');
}

/** Reads the 0-based `pos` that sucrase and acorn attach to their SyntaxErrors. */
export function diagnosticFromParserError(error: unknown, text: string): ScriptDiagnostic | null {
  if (!(error instanceof SyntaxError)) return null;
  const pos = (error as SyntaxError & { pos?: unknown }).pos;
  const message = `SyntaxError: ${withoutPosition(error.message)}`;
  if (typeof pos !== 'number') return { message };
  return { message, ...positionOf(text, pos) };
}
