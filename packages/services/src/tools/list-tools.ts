import { listTools as listToolRows, type Tool } from '@toolplane/db';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { redactInlineAuth } from './redact-inline-auth';

/**
 * Every tool, filtered by a case-insensitive search over name, title and description. Inline
 * auth credentials are redacted, as in getTool: the list feeds browsers and API clients too.
 */
export async function listTools(ctx: WorkspaceContext, query = ''): Promise<Tool[]> {
  authorize(ctx, 'tool.list');
  const tools = (await listToolRows(ctx.deps.db, ctx.workspace.id)).map((tool) => ({
    ...tool,
    authInline: redactInlineAuth(tool.authInline),
  }));
  const q = query.trim().toLowerCase();
  if (!q) return tools;
  return tools.filter((t) =>
    [t.name, t.title ?? '', t.description].some((text) => text.toLowerCase().includes(q)),
  );
}
