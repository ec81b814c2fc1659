import { z } from 'zod';
import { displayPrefix, generateTokenSecret, hashToken } from '../api-tokens/token-secret';
import type { Db } from '../client';
import { newId } from '../ids';
import { guard } from '../prisma-errors';
import { validate } from '../validation';
import { type PersonalAccessToken, personalAccessTokenOmit } from './personal-access-token-types';

const inputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(z.string().min(1).max(200)).max(100).default([]),
  expiresAt: z.date().nullable().default(null),
});

/** A user's token for the REST API and CLI (`tpp_` + 43 characters), returned once. */
export async function createPersonalAccessToken(
  db: Db,
  userId: string,
  input: z.input<typeof inputSchema>,
): Promise<{ token: PersonalAccessToken; plaintext: string }> {
  const data = validate(inputSchema, input);
  const plaintext = generateTokenSecret('tpp_');
  const token = await guard(
    db.personalAccessToken.create({
      data: {
        ...data,
        id: newId('pat'),
        userId,
        prefix: displayPrefix(plaintext),
        tokenHash: hashToken(plaintext),
      },
      omit: personalAccessTokenOmit,
    }),
    'personal access token',
  );
  return { token, plaintext };
}
