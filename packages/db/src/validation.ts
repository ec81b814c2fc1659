import type { z } from 'zod';
import { DbError } from './errors';

/** Parses `input` with `schema`; a failure is an INVALID DbError naming every bad field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => issue.path.join('.') || 'input');
  const message = result.error.issues
    .map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`)
    .join('; ');
  throw new DbError('INVALID', message, { fields: [...new Set(fields)] });
}
