import { parseHeaderLines } from './parse-header-lines';

/**
 * The playground form's headers: one `header.<Name>` input per header the policy reads (empty
 * ones left out) plus, for script policies, free-form `headers` lines.
 */
export function readRequestHeaders(
  formData: FormData,
): { ok: true; headers: Record<string, string> } | { ok: false; error: string } {
  const lines = formData.get('headers');
  const parsed = parseHeaderLines(typeof lines === 'string' ? lines : '');
  if (!parsed.ok) return parsed;
  const headers = { ...parsed.headers };
  for (const [key, value] of formData.entries()) {
    if (!key.startsWith('header.') || typeof value !== 'string' || value.trim() === '') continue;
    headers[key.slice('header.'.length).toLowerCase()] = value.trim();
  }
  return { ok: true, headers };
}
