import type { z } from 'zod';
import { ServiceError } from './service-error';

/** Parses input with a zod schema; a failure is INVALID with the first message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    fieldErrors[field] ??= issue.message;
  }
  throw new ServiceError('INVALID', 'Check the highlighted fields.', { fieldErrors });
}
