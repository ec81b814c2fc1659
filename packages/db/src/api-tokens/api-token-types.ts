import type { ApiToken as ApiTokenRow } from '../generated/prisma/client';

/** A token as listed: the hash stays in the database. */
export type ApiToken = Omit<ApiTokenRow, 'tokenHash'>;

export const apiTokenOmit = { tokenHash: true } as const;
