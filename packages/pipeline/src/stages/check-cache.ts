import { computeCacheKey } from '../cache/compute-cache-key';
import { resolveCacheTtl } from '../cache/resolve-cache-ttl';
import type { CallState } from '../pipeline/call-state';
import type { PipelinePorts } from '../ports/pipeline-ports';

interface CacheEntry {
  results: Record<string, unknown>[];
  truncated: boolean;
}

function parseEntry(text: string): CacheEntry | undefined {
  const entry = JSON.parse(text) as Partial<CacheEntry> | null;
  if (entry === null || !Array.isArray(entry.results)) return undefined;
  return { results: entry.results, truncated: entry.truncated === true };
}

/**
 * Execution substep 4 — cache check (statement tools with caching on). Any cache failure —
 * the hash, the read, a corrupt entry — is a miss, logged at debug level, never an error.
 */
export async function checkCache(state: CallState, ports: PipelinePorts): Promise<CallState> {
  const { tool, request } = state;
  const cache = ports.cache;
  if (cache === undefined || tool.kind !== 'statement') return state;
  if (resolveCacheTtl(tool, request.workspace) === undefined) return state;
  state.cacheHit = false;
  try {
    state.cacheKey = await computeCacheKey(
      {
        workspaceId: request.workspace.id,
        tool,
        inputs: state.inputs,
        secretVersions: state.secretVersions,
      },
      ports.hash,
    );
    const cached = await cache.get(state.cacheKey);
    const entry = typeof cached === 'string' ? parseEntry(cached) : undefined;
    if (entry !== undefined) {
      state.results = entry.results;
      state.truncated = entry.truncated;
      state.cacheHit = true;
    }
  } catch (error) {
    ports.log?.debug('cache read failed; treated as a miss', { tool: tool.name, error });
  }
  return state;
}
