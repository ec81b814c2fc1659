/** A text field of a submitted form; a missing field or a file counts as the empty string. */
export function readFormText(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
}

/** A JSON field (editors post their whole state as one); undefined when absent or malformed. */
export function readFormJson(formData: FormData, name: string): unknown {
  const text = readFormText(formData, name);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function readFormNumber(formData: FormData, name: string): number | undefined {
  const text = readFormText(formData, name).trim();
  if (text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : Number.NaN;
}
