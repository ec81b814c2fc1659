import { hash } from '@node-rs/argon2';

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): about 20 ms on one core
 * here, cheap enough for sign-in, costly enough per guess. The PHC string records the
 * parameters, so raising them later still verifies old hashes.
 */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax).
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}
