import type { z } from 'zod';

/** Maps a zod error on a flat form object to one message per field (the first one). */
export function firstErrorPerField<Field extends string>(
  error: z.ZodError,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || field in errors) continue;
    errors[field as Field] = issue.message;
  }
  return errors;
}
