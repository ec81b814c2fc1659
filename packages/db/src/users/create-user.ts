import { z } from 'zod';
import type { Db } from '../client';
import type { User } from '../generated/prisma/client';
import { newId } from '../ids';
import { guard } from '../prisma-errors';
import { validate } from '../validation';
import { normalizeEmail } from './normalize-email';

const inputSchema = z.object({
  email: z.email().max(320),
  name: z.string().trim().max(200).nullish(),
  image: z.url().max(2000).nullish(),
  passwordHash: z.string().min(1).nullish(),
  emailVerified: z.date().nullish(),
});

export type CreateUserInput = z.input<typeof inputSchema>;

/** A new user; ALREADY_EXISTS (field `email`) when the address is taken. */
export async function createUser(db: Db, input: CreateUserInput): Promise<User> {
  const data = validate(inputSchema, { ...input, email: normalizeEmail(input.email) });
  return guard(
    db.user.create({
      data: {
        id: newId('usr'),
        email: data.email,
        name: data.name ?? null,
        image: data.image ?? null,
        passwordHash: data.passwordHash ?? null,
        emailVerified: data.emailVerified ?? null,
      },
    }),
    'user',
  );
}
