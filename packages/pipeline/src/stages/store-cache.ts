import { resolveCacheTtl } from '../cache/resolve-cache-ttl';
import type { CallState } from '../pipeline/call-state';
import type { PipelinePorts } from '../ports/pipeline-ports';

/**
 * Execution substep 6 — cache store, on a miss. The write is not awaited (the caller does not
 * wait for the cache) and its failure is only logged.
 */
export function storeCache(state: CallState, ports: PipelinePorts): CallState {
  const { cache, log } = ports;
  const ttl = resolveCacheTtl(state.tool, state.request.workspace);
  if (cache === undefined || state.cacheKey === undefined || state.cacheHit || ttl === undefined) {
    return state;
  }
  const onError = (error: unknown) =>
    log?.debug('cache write failed', { tool: state.tool.name, error });
  try {
    const entry = JSON.stringify({ results: state.results, truncated: state.truncated });
    const pending = cache.set(state.cacheKey, entry, ttl);
    if (pending instanceof Promise) pending.catch(onError);
  } catch (error) {
    onError(error);
  }
  return state;
}
