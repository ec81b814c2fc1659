import { type ApiToken, createApiToken } from '@toolplane/db';
import { z } from 'zod';
import { audited } from '../audit/audited';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { parseInput } from '../parse-input';

export const ZCreateTokenInput = z
  .object({
    name: z.string().trim().min(1, 'Name the token, e.g. “Claude Code on my laptop”.').max(100),
    allTools: z.boolean().default(true),
    toolNames: z.array(z.string().min(1).max(128)).max(1000).default([]),
    scopes: z.array(z.string().trim().min(1).max(200)).max(100).default([]),
    /** Days until expiry; null: never. */
    expiresInDays: z.number().int().min(1).max(3650).nullable().default(90),
  })
  .refine((t) => t.allTools || t.toolNames.length > 0, {
    path: ['toolNames'],
    message: 'Choose at least one tool, or allow all tools.',
  });

/** Mints an MCP token; the plaintext is returned once and never stored. */
export async function createToken(
  ctx: WorkspaceContext,
  input: z.input<typeof ZCreateTokenInput>,
): Promise<{ token: ApiToken; plaintext: string }> {
  authorize(ctx, 'token.create');
  const data = parseInput(ZCreateTokenInput, input);
  return audited(
    ctx,
    (tx) =>
      createApiToken(tx, ctx.workspace.id, {
        name: data.name,
        allTools: data.allTools,
        toolNames: data.toolNames,
        scopes: data.scopes,
        expiresAt:
          data.expiresInDays === null
            ? null
            : new Date(Date.now() + data.expiresInDays * 24 * 60 * 60_000),
        createdById: ctx.actor.userId,
      }),
    ({ token }) => ({
      action: 'token.create',
      targetType: 'token',
      targetId: token.id,
      after: {
        name: token.name,
        prefix: token.prefix,
        allTools: token.allTools,
        toolNames: token.toolNames,
        scopes: token.scopes,
        expiresAt: token.expiresAt,
      },
    }),
  );
}
