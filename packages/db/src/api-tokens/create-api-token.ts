import { z } from 'zod';
import { type Db, withTransaction } from '../client';
import { newId } from '../ids';
import { notifyChange } from '../notify';
import { guard } from '../prisma-errors';
import { validate } from '../validation';
import { type ApiToken, apiTokenOmit } from './api-token-types';
import { displayPrefix, generateTokenSecret, hashToken } from './token-secret';

const inputSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    allTools: z.boolean().default(true),
    toolNames: z.array(z.string().min(1).max(128)).max(1000).default([]),
    scopes: z.array(z.string().min(1).max(200)).max(100).default([]),
    expiresAt: z.date().nullable().default(null),
    createdById: z.string().min(1).nullable().default(null),
  })
  .refine((token) => token.allTools || token.toolNames.length > 0, {
    path: ['toolNames'],
    message: 'a token limited to a list of tools needs at least one tool',
  });

export type CreateApiTokenInput = z.input<typeof inputSchema>;

/**
 * Mints an MCP token. The plaintext (`tp_` + 43 characters) is returned once and never stored:
 * the database keeps its SHA-256.
 */
export async function createApiToken(
  db: Db,
  workspaceId: string,
  input: CreateApiTokenInput,
): Promise<{ token: ApiToken; plaintext: string }> {
  const data = validate(inputSchema, input);
  const plaintext = generateTokenSecret('tp_');
  return withTransaction(db, async (tx) => {
    const token = await guard(
      tx.apiToken.create({
        data: {
          ...data,
          toolNames: data.allTools ? [] : [...new Set(data.toolNames)],
          scopes: [...new Set(data.scopes)],
          id: newId('tok'),
          workspaceId,
          prefix: displayPrefix(plaintext),
          tokenHash: hashToken(plaintext),
        },
        omit: apiTokenOmit,
      }),
      'API token',
    );
    await notifyChange(tx, { workspaceId, kind: 'token', id: token.id });
    return { token, plaintext };
  });
}
