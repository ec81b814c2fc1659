import { ServiceError } from '@toolplane/services';
import { z } from 'zod';
import { ProblemError, problem } from './problem';

export const ZPageQuery = z.object({
  limit: z.coerce
    .number()
    .int('Use a whole number.')
    .min(1, 'Use at least 1.')
    .max(200, 'Use at most 200.')
    .default(50)
    .meta({ description: 'Page size (default 50, at most 200).' }),
  cursor: z
    .string()
    .max(512)
    .optional()
    .meta({ description: 'The `nextCursor` of the previous page.' }),
});

export type PageQuery = z.output<typeof ZPageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
  });
}

/**
 * One page of a list the service returns whole (a workspace's connectors, tools…): ordered by
 * id, which is creation-time ordered, the cursor being the last id seen. A row deleted between
 * two pages cannot shift the next one, as an offset would.
 */
export function paginate<T extends { id: string }>(
  all: readonly T[],
  query: PageQuery,
): { items: T[]; nextCursor: string | null } {
  const after = query.cursor ? decode(query.cursor) : null;
  const sorted = [...all].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const rest = after === null ? sorted : sorted.filter((item) => item.id > after);
  const items = rest.slice(0, query.limit);
  const last = items.at(-1);
  return { items, nextCursor: rest.length > query.limit && last ? encode(last.id) : null };
}

/**
 * One page of a record's versions, newest first (what a reader of a history expects), keyed on
 * the version number: two versions saved in the same millisecond have ids in random order, but
 * their numbers never tie.
 */
export function paginateVersions<T extends { version: number }>(
  all: readonly T[],
  query: PageQuery,
): { items: T[]; nextCursor: string | null } {
  const below = query.cursor ? decodeVersion(query.cursor) : null;
  const sorted = [...all].sort((a, b) => b.version - a.version);
  const rest = below === null ? sorted : sorted.filter((item) => item.version < below);
  const items = rest.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rest.length > query.limit && last ? encode(`v${last.version}`) : null,
  };
}

function decodeVersion(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (/^v[1-9][0-9]{0,8}$/.test(text)) return Number(text.slice(1));
  throw invalidCursor();
}

function encode(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

function decode(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (/^[a-z]+_[0-9a-z]+$/.test(id)) return id;
  throw invalidCursor();
}

function invalidCursor(): ProblemError {
  return new ProblemError(
    problem(400, 'INVALID', 'The cursor is not one this API returned.', {
      errors: [{ field: 'cursor', reason: 'Pass the nextCursor of the previous page.' }],
    }),
  );
}

/**
 * Runs a service call that pages with its own cursor. A cursor the service rejects is a bad
 * query parameter, so it is answered like every other one here (400 naming `cursor`) rather than
 * as a rejected body (422).
 */
export async function withServiceCursor<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'INVALID' && 'cursor' in error.fieldErrors)
      throw invalidCursor();
    throw error;
  }
}
