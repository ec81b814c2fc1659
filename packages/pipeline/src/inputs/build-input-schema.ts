import { type InputSpec, isRequiredInput } from './input-spec';
import { INT_MAX, INT_MIN, type InputType, type InputValue } from './input-type';

export interface InputPropertySchema {
  type: 'string' | 'integer' | 'number' | 'boolean';
  description?: string;
  default?: InputValue;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

/** The MCP `inputSchema` of a tool: a JSON Schema object that rejects undeclared keys. */
export interface ToolInputSchema {
  [key: string]: unknown;
  type: 'object';
  properties: Record<string, InputPropertySchema>;
  required?: string[];
  additionalProperties: false;
}

// Loose shape check only; the pipeline's own validation checks calendar values and offsets.
const DATETIME_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}([Tt ]\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?([Zz]|[+-]\\d{2}:\\d{2}))?$';
const DATETIME_NOTE = 'RFC 3339 date-time with offset, or YYYY-MM-DD';

function propertyFor(type: InputType): InputPropertySchema {
  switch (type) {
    case 'string':
      return { type: 'string' };
    case 'int':
      return { type: 'integer', minimum: INT_MIN, maximum: INT_MAX };
    case 'float':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'datetime':
      return { type: 'string', pattern: DATETIME_PATTERN };
  }
}

export function buildInputSchema(specs: readonly InputSpec[]): ToolInputSchema {
  const properties: Record<string, InputPropertySchema> = {};
  const required: string[] = [];
  for (const spec of specs) {
    const property = propertyFor(spec.type);
    const description =
      spec.type === 'datetime'
        ? [spec.description, `(${DATETIME_NOTE})`].filter(Boolean).join(' ')
        : spec.description;
    if (description) property.description = description;
    if (spec.default !== undefined) property.default = spec.default;
    properties[spec.name] = property;
    if (isRequiredInput(spec)) required.push(spec.name);
  }
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}
