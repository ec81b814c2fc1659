/** `{{ env.NAME }}`: the connection URL lives in a workspace secret. */
const SECRET_REFERENCE = /^\{\{\s*env\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/;

/**
 * The dashboard's single "Connection URL" field holds a literal URL or a `{{ env.NAME }}`
 * reference; an empty field on edit keeps what is stored (it is write-only).
 */
export function parseConnectorUrlField(
  value: string,
): { url: string } | { urlSecretRef: string } | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const reference = SECRET_REFERENCE.exec(trimmed);
  return reference ? { urlSecretRef: reference[1]! } : { url: trimmed };
}
