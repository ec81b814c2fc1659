import type { PersonalAccessToken as PersonalAccessTokenRow } from '../generated/prisma/client';

export type PersonalAccessToken = Omit<PersonalAccessTokenRow, 'tokenHash'>;

export const personalAccessTokenOmit = { tokenHash: true } as const;
