import type { InputValue } from '../inputs/input-type';
import type { ParamSpec } from './param-spec';

export interface BindValues {
  readonly inputs: Readonly<Record<string, InputValue>>;
  /** Secret values by name, resolved for this call. */
  readonly env: Readonly<Record<string, string>>;
}

function lookup(values: BindValues, scope: 'inputs' | 'env', name: string): InputValue | undefined {
  return scope === 'inputs' ? values.inputs[name] : values.env[name];
}

/** Builds the parameter values of one call from the compiled specs (see ParamSpec). */
export function bindParams(specs: readonly ParamSpec[], values: BindValues): (InputValue | null)[] {
  const bound: (InputValue | null)[] = new Array(specs.length);
  for (let i = 0; i < specs.length; i++) {
    const spec = specs[i]!;
    if (spec.kind === 'value') {
      bound[i] = lookup(values, spec.ref.scope, spec.ref.name) ?? null;
      continue;
    }
    const { parts } = spec;
    if (parts.length === 1 && typeof parts[0] !== 'string') {
      const value = lookup(values, parts[0]!.scope, parts[0]!.name);
      bound[i] = value === undefined ? null : String(value);
      continue;
    }
    let text = '';
    for (const part of parts) {
      if (typeof part === 'string') text += part;
      else {
        const value = lookup(values, part.scope, part.name);
        if (value !== undefined) text += String(value);
      }
    }
    bound[i] = text;
  }
  return bound;
}
