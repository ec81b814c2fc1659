import type { z } from 'zod';
import { EnvError } from './env-error';

type Source = Record<string, string | undefined>;

/**
 * Validates `source` (an app passes `process.env`) against a schema built from the fragments
 * below. Empty strings count as unset, so `FOO=` in a shell behaves like no FOO at all.
 */
export function parseEnv<S extends z.ZodObject>(schema: S, source: Source): z.infer<S> {
  const cleaned: Source = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const unset = cleaned[name] === undefined;
    return unset && issue.code === 'invalid_type'
      ? `${name}: is required but not set`
      : `${name}: ${issue.message}`;
  });
  throw new EnvError(issues);
}
