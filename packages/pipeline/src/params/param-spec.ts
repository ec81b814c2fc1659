import type { ValueRef } from '../template/value-ref';

/**
 * How to build one bound parameter (SQL) or argument (Redis) at call time.
 * - `value`: a bare placeholder — the validated input as is (int/float → number, boolean →
 *   boolean, datetime/string → string) or the secret's string; an absent optional input → null.
 * - `text`: a quoted literal (or Redis token) with values in place — always a string. Values are
 *   rendered with String(); an absent optional input is empty text, except that a literal made
 *   of a single placeholder (`'{{ inputs.x }}'`) binds null, like a bare one.
 */
export type ParamSpec =
  | { readonly kind: 'value'; readonly ref: ValueRef }
  | { readonly kind: 'text'; readonly parts: readonly (string | ValueRef)[] };
