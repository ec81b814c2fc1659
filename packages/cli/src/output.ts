/** Machine-readable output: one JSON document on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function printLine(text = ''): void {
  process.stdout.write(`${text}\n`);
}

/** Messages about the operation (not its result) go to stderr, so stdout stays pipeable. */
export function printNote(text: string): void {
  process.stderr.write(`${text}\n`);
}

/** Aligned columns; a dash for empty cells so columns never collapse. */
export function printTable(headers: string[], rows: (string | null | undefined)[][]): void {
  const cells = rows.map((row) => headers.map((_, i) => row[i] || '-'));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  const format = (row: string[]) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  printLine(format(headers));
  for (const row of cells) printLine(format(row));
}

/** `key: value` lines; nested values as indented JSON. */
export function printRecord(record: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(record)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'object')
      printLine(`${key}:\n${JSON.stringify(value, null, 2).replace(/^/gm, '  ')}`);
    else printLine(`${key}: ${String(value)}`);
  }
}

export function formatDate(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16).replace('T', ' ');
}
