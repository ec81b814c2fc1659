import type { z } from 'zod';
import type { FieldProblem } from './problem';

/** zod issues → `errors[]`, one entry per field (the first reason), `prefix.path.to.field`. */
export function fieldProblems(error: z.ZodError, prefix = ''): FieldProblem[] {
  const seen = new Map<string, string>();
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = [prefix, ...issue.path.map(String), key].filter(Boolean).join('.');
        if (!seen.has(field)) seen.set(field, 'Unknown field.');
      }
      continue;
    }
    const path = issue.path.map(String).join('.');
    const field = [prefix, path].filter(Boolean).join('.') || prefix || 'body';
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  return [...seen].map(([field, reason]) => ({ field, reason }));
}
