/** A text field of a submitted form; a missing field or a file counts as the empty string. */
export function readFormText(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
}
