/** Stable codes; the edges map them to HTTP statuses or JSON-RPC errors. */
export type DbErrorCode = 'NOT_FOUND' | 'CONFLICT' | 'ALREADY_EXISTS' | 'INVALID';

/** The one error the data layer throws on purpose. Messages are safe to show to a user. */
export class DbError extends Error {
  readonly code: DbErrorCode;
  /** The field(s) concerned, e.g. `name` for a duplicate tool name. */
  readonly fields: readonly string[];

  constructor(
    code: DbErrorCode,
    message: string,
    options?: { fields?: readonly string[]; cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DbError';
    this.code = code;
    this.fields = options?.fields ?? [];
  }
}

export function notFound(what: string): DbError {
  return new DbError('NOT_FOUND', `${what} not found`);
}
