const LIST_PARAMS = new Set(['audience', 'algorithms', 'required_claims', 'scopes']);

/**
 * The policy form's `param.<name>` fields as the plugin's parameters (empty fields left out, lists
 * split on spaces or commas), and the non-credential values to refill the form with. Shared by
 * the server action and the form's own check before it submits.
 */
export function readPolicyParams(formData: FormData): {
  params: Record<string, unknown>;
  values: Record<string, string>;
} {
  const params: Record<string, unknown> = {};
  const values: Record<string, string> = {};
  for (const [key, raw] of formData.entries()) {
    if (!key.startsWith('param.') || typeof raw !== 'string') continue;
    const name = key.slice('param.'.length);
    const text = raw.trim();
    if (name !== 'value' && name !== 'secret') values[key] = raw;
    if (!text) continue;
    if (LIST_PARAMS.has(name))
      params[name] = text
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean);
    else if (name === 'clock_tolerance') params[name] = Number(text);
    else params[name] = text;
  }
  return { params, values };
}
