export const INPUT_TYPES = ['string', 'int', 'float', 'boolean', 'datetime'] as const;

/** The declared type of a tool input (Hyperterse's five). */
export type InputType = (typeof INPUT_TYPES)[number];

/** A validated input value: datetimes stay strings in the form the caller sent. */
export type InputValue = string | number | boolean;

/** `int` inputs are limited to the range a JSON number holds exactly (±(2^53 − 1)). */
export const INT_MIN = Number.MIN_SAFE_INTEGER;
export const INT_MAX = Number.MAX_SAFE_INTEGER;
