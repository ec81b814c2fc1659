import { ServiceError } from '@toolplane/services';
import { z } from 'zod';

export const ZWorkspaceParams = z.object({
  workspace: z.string().meta({ description: 'The workspace slug.' }),
});

/** `version` in an update body: the version read, for optimistic concurrency. */
export const ZVersion = z
  .number()
  .int()
  .min(1)
  .optional()
  .meta({ description: 'The version you read; or send If-Match: "<version>". Stale → 409.' });

/** The fields of a PATCH body the client actually sent (schema defaults must not overwrite). */
export function sentFields<T extends object>(body: T, sent: ReadonlySet<string>): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(body) as (keyof T & string)[]) {
    if (sent.has(key) && key !== 'version') out[key] = body[key];
  }
  return out;
}

export function notFound(what: string): ServiceError {
  return new ServiceError('NOT_FOUND', `${what} not found.`);
}

/** Finds by name in a list the service returned (already authorized and tenant-filtered). */
export function byName<T extends { name: string }>(
  items: readonly T[],
  name: string,
  what: string,
): T {
  const found = items.find((item) => item.name === name);
  if (!found) throw notFound(what);
  return found;
}
