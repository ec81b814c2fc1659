import { MAX_RUNTIME_TOKEN_SECONDS, mintRuntimeToken } from '@toolplane/auth/runtime-token';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';

/**
 * A short-lived runtime token (`tps_…`) for the CLI's `tools call`: minted for the personal
 * access token's user in one workspace, with the `pat` claim so the runtime rate-limits and logs
 * it under that token. Needs the playground's rights (running tools as oneself).
 */
export function mintCliRuntimeToken(
  ctx: WorkspaceContext,
  input: { personalAccessTokenId: string; scopes: string[]; ttlSeconds?: number },
): { token: string; expiresAt: Date; mcpUrl: string } {
  authorize(ctx, 'runtime-token.create');
  const ttlSeconds = Math.min(Math.max(input.ttlSeconds ?? 300, 30), MAX_RUNTIME_TOKEN_SECONDS);
  const now = Date.now();
  const token = mintRuntimeToken(ctx.deps.runtimeSigningKey, {
    userId: ctx.actor.userId,
    workspaceId: ctx.workspace.id,
    personalAccessTokenId: input.personalAccessTokenId,
    scopes: input.scopes,
    ttlSeconds,
    now,
  });
  return {
    token,
    expiresAt: new Date(Math.floor(now / 1000) * 1000 + ttlSeconds * 1000),
    mcpUrl: `${ctx.deps.runtimeUrl.replace(/\/+$/, '')}/t/${encodeURIComponent(ctx.workspace.slug)}/mcp`,
  };
}
