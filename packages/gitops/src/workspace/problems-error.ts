import { ServiceError } from '@toolplane/services';
import type { ConfigProblem } from '../config/workspace-config';

/** `file#field` → message, the field-named errors an edge returns as problem+json `errors`. */
export function problemsError(message: string, problems: readonly ConfigProblem[]): ServiceError {
  const fieldErrors: Record<string, string> = {};
  for (const p of problems) {
    const key = `${p.file}#${p.field}`;
    fieldErrors[key] ??= p.line === undefined ? p.message : `line ${p.line}: ${p.message}`;
  }
  return new ServiceError('INVALID', message, { fieldErrors });
}
