import { DbError } from './errors';
import { Prisma } from './generated/prisma/client';

interface AdapterCause {
  originalCode?: string;
  originalMessage?: string;
  constraint?: { index?: string; fields?: string[] };
  table?: string;
}

function adapterCause(error: Prisma.PrismaClientKnownRequestError): AdapterCause {
  const meta = error.meta as { driverAdapterError?: { cause?: AdapterCause } } | undefined;
  return meta?.driverAdapterError?.cause ?? {};
}

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The field a unique index protects, from Prisma's default name `<table>_<columns>_key`:
 * `tools_workspace_id_name_key` → `name` (the workspace id is implied by the call).
 */
function uniqueField(cause: AdapterCause): string {
  if (cause.constraint?.fields?.length) {
    return cause.constraint.fields
      .filter((f) => f !== 'workspace_id')
      .map(camel)
      .join(', ');
  }
  let name = cause.constraint?.index ?? '';
  if (cause.table && name.startsWith(`${cause.table}_`)) name = name.slice(cause.table.length + 1);
  name = name.replace(/_key$/, '').replace(/^workspace_id_/, '');
  return camel(name || 'value');
}

/**
 * Translates Prisma's known request errors into DbError (unique violation → ALREADY_EXISTS
 * naming the field, missing row → NOT_FOUND, foreign key → INVALID on write / CONFLICT on delete).
 * Anything else is returned unchanged, to be rethrown as an internal error.
 */
export function toDbError(error: unknown, what = 'record'): unknown {
  if (error instanceof DbError) return error;
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return error;
  switch (error.code) {
    case 'P2002': {
      const field = uniqueField(adapterCause(error));
      return new DbError('ALREADY_EXISTS', `a ${what} with this ${field} already exists`, {
        fields: [field],
        cause: error,
      });
    }
    case 'P2025':
      return new DbError('NOT_FOUND', `${what} not found`, { cause: error });
    case 'P2003': {
      const cause = adapterCause(error);
      const index = cause.constraint?.index ?? '';
      if (cause.originalMessage?.startsWith('update or delete')) {
        return new DbError('CONFLICT', `${what} is still in use (${index})`, { cause: error });
      }
      const base = index.replace(/_fkey$/, '');
      const field =
        base.split('_workspace_id_')[1] ?? (base.endsWith('_workspace_id') ? 'workspace_id' : base);
      return new DbError('INVALID', `${camel(field)} does not name a row in this workspace`, {
        fields: [camel(field)],
        cause: error,
      });
    }
    default:
      return error;
  }
}

/** `await guard(promise, 'tool')`: runs a Prisma call and maps its errors. */
export async function guard<T>(promise: Promise<T>, what?: string): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    throw toDbError(error, what);
  }
}
