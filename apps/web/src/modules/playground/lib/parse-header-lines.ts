/** "Name: value" per line → headers; blank lines ignored. The runtime drops reserved names. */
export function parseHeaderLines(
  text: string,
): { ok: true; headers: Record<string, string> } | { ok: false; error: string } {
  const headers: Record<string, string> = {};
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line) continue;
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    if (!/^[A-Za-z0-9-]{1,64}$/.test(name))
      return { ok: false, error: `Line ${index + 1}: write headers as “Name: value”.` };
    headers[name.toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { ok: true, headers };
}
