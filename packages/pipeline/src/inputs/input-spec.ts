import type { InputType, InputValue } from './input-type';

/** One declared input, as compiled from a tool definition. */
export interface InputSpec {
  readonly name: string;
  readonly type: InputType;
  readonly description: string | undefined;
  readonly optional: boolean;
  readonly default: InputValue | undefined;
}

/** Declared inputs in declaration order, with a name index for the unknown-key check. */
export interface InputSpecs {
  readonly list: readonly InputSpec[];
  readonly byName: ReadonlyMap<string, InputSpec>;
}

export function toInputSpecs(list: readonly InputSpec[]): InputSpecs {
  return { list, byName: new Map(list.map((spec) => [spec.name, spec])) };
}

/** MCP's `required`: neither optional nor defaulted. */
export function isRequiredInput(spec: InputSpec): boolean {
  return !spec.optional && spec.default === undefined;
}
