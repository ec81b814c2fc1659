import { z } from 'zod';
import { type Db, withTransaction } from '../client';
import { DbError } from '../errors';
import type { User } from '../generated/prisma/client';
import { newId } from '../ids';
import { guard } from '../prisma-errors';
import { normalizeEmail } from '../users/normalize-email';
import { validate } from '../validation';

const inputSchema = z.object({
  /** The Auth.js provider id: `github`, `google`, `oidc`. */
  provider: z.string().min(1).max(50),
  /** The user's id at the provider (`sub`, or GitHub's numeric id). */
  providerAccountId: z.string().min(1).max(255),
  /** An address the provider has verified; the caller refuses unverified ones before this. */
  email: z.email().max(320),
  name: z.string().trim().max(200).nullish(),
  image: z.url().max(2000).nullish(),
});

export type OAuthUserInput = z.input<typeof inputSchema>;

async function findOrCreate(db: Db, data: z.output<typeof inputSchema>): Promise<User> {
  return withTransaction(db, async (tx) => {
    const linked = await tx.account.findFirst({
      where: { provider: data.provider, providerAccountId: data.providerAccountId },
      select: { user: true },
    });
    if (linked) return linked.user;
    const email = normalizeEmail(data.email);
    const user =
      (await tx.user.findFirst({ where: { email } })) ??
      (await tx.user.create({
        data: {
          id: newId('usr'),
          email,
          name: data.name || null,
          image: data.image ?? null,
          passwordHash: null,
          emailVerified: new Date(),
        },
      }));
    // No provider tokens are kept: sessions are JWTs and nothing calls the provider's API later.
    await tx.account.create({
      data: {
        id: newId('acc'),
        userId: user.id,
        type: 'oauth',
        provider: data.provider,
        providerAccountId: data.providerAccountId,
      },
    });
    return user;
  });
}

/**
 * The user an OAuth/OIDC sign-in belongs to: the one already linked to this provider account,
 * else the one with this (provider-verified) email, else a new user without a password. The
 * provider account is linked on first use, so a later change of address at the provider still
 * finds the same user. Two simultaneous first sign-ins race on the unique indexes; the loser
 * retries once and finds the winner's rows.
 */
export async function findOrCreateOAuthUser(db: Db, input: OAuthUserInput): Promise<User> {
  const data = validate(inputSchema, input);
  try {
    return await guard(findOrCreate(db, data), 'user');
  } catch (error) {
    if (!(error instanceof DbError && error.code === 'ALREADY_EXISTS')) throw error;
    return guard(findOrCreate(db, data), 'user');
  }
}
