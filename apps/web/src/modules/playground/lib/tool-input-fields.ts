/** A declared input as the playground form needs it. */
export type InputField = {
  name: string;
  type: 'string' | 'int' | 'float' | 'boolean' | 'datetime';
  description: string;
  optional: boolean;
  default?: unknown;
};

const TYPES = new Set(['string', 'int', 'float', 'boolean', 'datetime']);

/** The tool's stored input declarations, keeping only well-formed ones. */
export function toolInputFields(inputs: unknown): InputField[] {
  if (!Array.isArray(inputs)) return [];
  const out: InputField[] = [];
  for (const raw of inputs) {
    if (!raw || typeof raw !== 'object') continue;
    const i = raw as Record<string, unknown>;
    if (typeof i.name !== 'string') continue;
    out.push({
      name: i.name,
      type: (TYPES.has(String(i.type)) ? i.type : 'string') as InputField['type'],
      description: typeof i.description === 'string' ? i.description : '',
      optional: i.optional === true || i.default !== undefined,
      ...(i.default !== undefined ? { default: i.default } : {}),
    });
  }
  return out;
}

/**
 * The form's text values → tool arguments. Numbers and booleans are converted when they parse
 * cleanly; anything else is sent as typed so the pipeline's validation names the field.
 */
export function argsFromFields(
  fields: InputField[],
  values: Record<string, string>,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const field of fields) {
    const text = values[field.name] ?? '';
    if (text === '') {
      if (!field.optional) args[field.name] = '';
      continue;
    }
    if (field.type === 'int' && /^-?\d+$/.test(text.trim())) args[field.name] = Number(text);
    else if (field.type === 'float' && text.trim() !== '' && Number.isFinite(Number(text)))
      args[field.name] = Number(text);
    else if (field.type === 'boolean' && (text === 'true' || text === 'false'))
      args[field.name] = text === 'true';
    else args[field.name] = text;
  }
  return args;
}
