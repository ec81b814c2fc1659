import type ivm from 'isolated-vm';
import { LruMap } from '../lru-map';

type CompiledWithCache = ivm.Script & {
  cachedData?: ivm.ExternalCopy<ArrayBuffer>;
  cachedDataRejected?: boolean;
};

/**
 * V8 code caches by script hash, shared by every isolate of the process: the first isolate to
 * compile a script produces one, later isolates (another workspace's, or a replacement) skip most
 * of parsing and compiling. V8 checks the source against the cache and rejects a mismatch.
 */
export class CodeCache {
  private readonly entries: LruMap<string, ivm.ExternalCopy<ArrayBuffer>>;

  constructor(capacity = 500) {
    this.entries = new LruMap(capacity, (copy) => copy.release());
  }

  get size(): number {
    return this.entries.size;
  }

  async compile(
    isolate: ivm.Isolate,
    hash: string,
    code: string,
    filename: string,
  ): Promise<ivm.Script> {
    const cachedData = this.entries.get(hash);
    const script = (await isolate.compileScript(code, {
      filename,
      ...(cachedData ? { cachedData } : { produceCachedData: true }),
    })) as CompiledWithCache;
    if (cachedData && script.cachedDataRejected) this.entries.delete(hash);
    if (!cachedData && script.cachedData) this.entries.set(hash, script.cachedData);
    return script;
  }

  clear(): void {
    this.entries.clear();
  }
}
