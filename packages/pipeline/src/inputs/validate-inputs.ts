import { PipelineError } from '../errors/pipeline-error';
import { checkInputValue } from './check-input-value';
import type { InputSpecs } from './input-spec';
import type { InputValue } from './input-type';

export type ValidatedInputs = Record<string, InputValue>;

/**
 * Validates the (post-transform) inputs against the declaration, strictly: a missing required
 * input, an undeclared key, a wrong type, a lossy coercion, an out-of-range int or a malformed
 * datetime is an INPUT_INVALID error naming the field — every problem, in one message. `null`
 * for an optional or defaulted input counts as absent. Defaults are applied; absent optional
 * inputs stay absent.
 */
export function validateInputs(
  specs: InputSpecs,
  values: Readonly<Record<string, unknown>>,
  tool: string,
): ValidatedInputs {
  const problems: string[] = [];
  for (const key in values) {
    if (!specs.byName.has(key)) problems.push(`input '${key}': not declared by tool '${tool}'`);
  }
  const validated: ValidatedInputs = {};
  for (const spec of specs.list) {
    const raw = values[spec.name];
    if (raw === undefined || (raw === null && (spec.optional || spec.default !== undefined))) {
      if (spec.default !== undefined) validated[spec.name] = spec.default;
      else if (!spec.optional) problems.push(`input '${spec.name}': required`);
      continue;
    }
    const check = checkInputValue(spec.type, raw);
    if (check.ok) validated[spec.name] = check.value;
    else problems.push(`input '${spec.name}': ${check.problem}`);
  }
  if (problems.length > 0) {
    throw new PipelineError('INPUT_INVALID', 'input_validation', problems.join('; '), { tool });
  }
  return validated;
}

/** Before the input transform, arguments need only be a JSON object (absent means `{}`). */
export function requireArgumentsObject(args: unknown, tool: string): Record<string, unknown> {
  if (args === undefined) return {};
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    throw new PipelineError(
      'INPUT_INVALID',
      'input_validation',
      'arguments must be a JSON object',
      {
        tool,
      },
    );
  }
  return args as Record<string, unknown>;
}
