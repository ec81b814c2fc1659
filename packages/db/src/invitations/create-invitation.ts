import { z } from 'zod';
import { generateTokenSecret, hashToken } from '../api-tokens/token-secret';
import type { Db } from '../client';
import { newId } from '../ids';
import { guard } from '../prisma-errors';
import { normalizeEmail } from '../users/normalize-email';
import { validate } from '../validation';
import { type Invitation, invitationOmit } from './invitation-types';

const inputSchema = z.object({
  email: z.email().max(320),
  role: z.enum(['owner', 'admin', 'editor', 'viewer']),
  invitedById: z.string().min(1).nullable(),
  expiresAt: z.date(),
});

/**
 * An invitation to the workspace with a role. The token (for the copyable link) is returned
 * once; the database keeps its SHA-256.
 */
export async function createInvitation(
  db: Db,
  workspaceId: string,
  input: z.input<typeof inputSchema>,
): Promise<{ invitation: Invitation; plaintext: string }> {
  const data = validate(inputSchema, { ...input, email: normalizeEmail(input.email) });
  const plaintext = generateTokenSecret('tpp_').replace(/^tpp_/, 'inv_');
  const invitation = await guard(
    db.invitation.create({
      data: { id: newId('inv'), workspaceId, ...data, tokenHash: hashToken(plaintext) },
      omit: invitationOmit,
    }),
    'invitation',
  );
  return { invitation, plaintext };
}
