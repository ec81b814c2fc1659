import { findPlaceholders } from './find-placeholders';
import type { ValueRef } from './value-ref';

/** A text with `{{ env.X }}` references kept apart, e.g. an auth policy value. */
export type TextTemplate = readonly (string | ValueRef)[];

/**
 * Parses a policy value that may hold `{{ env.X }}` placeholders (inputs are not available to
 * auth). Returns the parts, or the problem.
 */
export function compileTemplate(text: string): { parts: TextTemplate } | { problem: string } {
  const parts: (string | ValueRef)[] = [];
  let at = 0;
  for (const placeholder of findPlaceholders(text)) {
    if (placeholder.ref === undefined)
      return { problem: placeholder.problem ?? 'malformed placeholder' };
    if (placeholder.ref.scope !== 'env') {
      return {
        problem: `only {{ env.X }} placeholders may appear here, not {{ inputs.${placeholder.ref.name} }}`,
      };
    }
    if (placeholder.start > at) parts.push(text.slice(at, placeholder.start));
    parts.push(placeholder.ref);
    at = placeholder.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return { parts };
}

/** Names of the secrets a template reads. */
export function templateSecrets(template: TextTemplate): string[] {
  return template.flatMap((part) => (typeof part === 'string' ? [] : [part.name]));
}
