import { DbError } from '@toolplane/db';

export type ServiceErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'ALREADY_EXISTS'
  | 'INVALID'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE';

/**
 * The one error the service layer throws on purpose: a stable code, a message safe to show, and
 * per-field messages for forms. Edges map codes to an HTTP status (REST) or a form state
 * (server actions); anything else is an internal error and reaches users as a generic message.
 */
export class ServiceError extends Error {
  readonly code: ServiceErrorCode;
  readonly fieldErrors: Readonly<Record<string, string>>;

  constructor(
    code: ServiceErrorCode,
    message: string,
    options: { fieldErrors?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ServiceError';
    this.code = code;
    this.fieldErrors = options.fieldErrors ?? {};
  }
}

const sentence = (text: string) => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

/**
 * DbError → ServiceError (their messages are safe by contract); a ServiceError passes through;
 * anything else is returned unchanged for the edge to treat as internal.
 */
export function toServiceError(error: unknown): unknown {
  if (error instanceof ServiceError) return error;
  if (!(error instanceof DbError)) return error;
  const fieldErrors: Record<string, string> = {};
  if (error.code === 'INVALID') {
    // "name: must match …; url: …" → one message per field.
    for (const part of error.message.split('; ')) {
      const colon = part.indexOf(': ');
      if (colon > 0) fieldErrors[part.slice(0, colon)] ??= sentence(part.slice(colon + 2));
    }
  }
  for (const field of error.fields) fieldErrors[field] ??= sentence(error.message);
  return new ServiceError(error.code, sentence(error.message), { fieldErrors, cause: error });
}

/** Runs `fn`, rethrowing data-layer errors as ServiceErrors. */
export async function mapDbErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toServiceError(error);
  }
}
