import { ServiceError, type ServiceErrorCode, toServiceError } from '@toolplane/services';

export type ProblemCode = ServiceErrorCode | 'INTERNAL' | 'PAYLOAD_TOO_LARGE' | 'NOT_ACCEPTABLE';

export interface FieldProblem {
  field: string;
  reason: string;
}

export interface Problem {
  status: number;
  code: ProblemCode;
  title: string;
  detail: string;
  errors?: FieldProblem[];
  headers?: Record<string, string>;
}

const STATUS: Record<ServiceErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_EXISTS: 409,
  INVALID: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

const TITLES: Record<ProblemCode, string> = {
  UNAUTHENTICATED: 'Authentication required',
  FORBIDDEN: 'Not allowed',
  NOT_FOUND: 'Not found',
  CONFLICT: 'Conflict',
  ALREADY_EXISTS: 'Already exists',
  INVALID: 'Invalid request',
  RATE_LIMITED: 'Too many requests',
  UNAVAILABLE: 'Temporarily unavailable',
  INTERNAL: 'Internal error',
  PAYLOAD_TOO_LARGE: 'Request body too large',
  NOT_ACCEPTABLE: 'Unsupported media type',
};

export function problem(
  status: number,
  code: ProblemCode,
  detail: string,
  extra: { errors?: FieldProblem[]; headers?: Record<string, string>; title?: string } = {},
): Problem {
  return {
    status,
    code,
    title: extra.title ?? TITLES[code],
    detail,
    ...(extra.errors ? { errors: extra.errors } : {}),
    ...(extra.headers ? { headers: extra.headers } : {}),
  };
}

/** Thrown inside the dispatcher to answer with a problem (never leaves the package). */
export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
    this.name = 'ProblemError';
  }
}

/**
 * The one mapping from errors to HTTP (STYLE §8): a ServiceError keeps its code and safe message,
 * its field errors become `errors[]`; anything else is a generic 500 whose details only the log
 * sees, correlated by the request id.
 */
export function problemOf(thrown: unknown): Problem {
  if (thrown instanceof ProblemError) return thrown.problem;
  // A data-layer error a service let through (its message is safe by contract).
  const error = toServiceError(thrown);
  if (error instanceof ServiceError) {
    const errors = Object.entries(error.fieldErrors).map(([field, reason]) => ({ field, reason }));
    return problem(STATUS[error.code], error.code, error.message, {
      ...(errors.length > 0 ? { errors } : {}),
      ...(error.code === 'UNAUTHENTICATED' ? { headers: { 'WWW-Authenticate': 'Bearer' } } : {}),
    });
  }
  return problem(
    500,
    'INTERNAL',
    'Something went wrong on our side. Quote the request id when you report it.',
  );
}

export function problemResponse(p: Problem, requestId: string): Response {
  const body = {
    type: `/api/v1/docs#problem-${p.code.toLowerCase().replaceAll('_', '-')}`,
    title: p.title,
    status: p.status,
    detail: p.detail,
    code: p.code,
    requestId,
    ...(p.errors ? { errors: p.errors } : {}),
  };
  return new Response(JSON.stringify(body), {
    status: p.status,
    headers: {
      'Content-Type': 'application/problem+json',
      'Cache-Control': 'no-store',
      'X-Request-Id': requestId,
      ...p.headers,
    },
  });
}
