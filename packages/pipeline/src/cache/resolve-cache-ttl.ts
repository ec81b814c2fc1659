import type { CompiledTool } from '../compile/compiled-tool';
import type { WorkspaceSettings } from '../pipeline/tool-call-request';

/** Hyperterse's default TTL (seconds) when neither the tool nor the workspace sets one. */
export const DEFAULT_CACHE_TTL_SECONDS = 120;

/**
 * The TTL in seconds when this tool's results are cached, else undefined. Caching is off unless
 * the tool (or, when the tool does not say, the workspace) enables it; a TTL <= 0 disables it.
 */
export function resolveCacheTtl(
  tool: CompiledTool,
  workspace: WorkspaceSettings,
): number | undefined {
  const enabled = tool.cache.enabled ?? workspace.cache?.enabled ?? false;
  if (!enabled || tool.kind !== 'statement') return undefined;
  const ttl = tool.cache.ttlSeconds ?? workspace.cache?.ttlSeconds ?? DEFAULT_CACHE_TTL_SECONDS;
  return ttl > 0 ? ttl : undefined;
}
