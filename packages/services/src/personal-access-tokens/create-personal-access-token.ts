import {
  createPersonalAccessToken as insertPersonalAccessToken,
  type PersonalAccessToken,
} from '@toolplane/db';
import { z } from 'zod';
import { parseInput } from '../parse-input';
import type { Actor, ServiceDeps } from '../service-deps';
import { mapDbErrors, ServiceError } from '../service-error';
import type { VerifiedPersonalAccessToken } from './verify-personal-access-token';

const DAY_MS = 24 * 60 * 60_000;

export const ZCreatePersonalAccessTokenInput = z.object({
  name: z.string().trim().min(1, 'Name the token, e.g. “CI on main”.').max(100),
  /** Days until expiry; null: never. */
  expiresInDays: z.number().int().min(1).max(3650).nullable().default(90),
  scopes: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9:._-]{1,200}$/, 'Scopes are letters, digits and : . _ -'),
    )
    .max(100)
    .default([]),
});

/**
 * Mints a personal access token for the REST API and CLI. It acts with its user's role in each
 * workspace; the plaintext is returned once and only its SHA-256 is stored.
 *
 * `issuedBy`: the token a REST call that creates a token was made with. The new token may not
 * outlive it nor carry a scope it lacks, so a leaked token cannot mint itself a longer or wider
 * successor that survives its revocation's intent.
 */
export async function createPersonalAccessToken(
  deps: ServiceDeps,
  actor: Actor,
  input: z.input<typeof ZCreatePersonalAccessTokenInput>,
  options: { issuedBy?: VerifiedPersonalAccessToken } = {},
): Promise<{ token: string; tokenInfo: PersonalAccessToken }> {
  const data = parseInput(ZCreatePersonalAccessTokenInput, input);
  const scopes = [...new Set(data.scopes)];
  let expiresAt =
    data.expiresInDays === null ? null : new Date(Date.now() + data.expiresInDays * DAY_MS);
  const parent = options.issuedBy;
  if (parent) {
    const extra = scopes.filter((scope) => !parent.scopes.includes(scope));
    if (extra.length > 0) {
      const message = `The token you are using lacks ${extra.join(', ')}; a new token cannot have more.`;
      throw new ServiceError('FORBIDDEN', message, { fieldErrors: { scopes: message } });
    }
    if (parent.expiresAt && (expiresAt === null || expiresAt > parent.expiresAt))
      expiresAt = parent.expiresAt;
  }
  const { token, plaintext } = await mapDbErrors(() =>
    insertPersonalAccessToken(deps.db, actor.userId, { name: data.name, scopes, expiresAt }),
  );
  return { token: plaintext, tokenInfo: token };
}
