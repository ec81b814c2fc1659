import { type Db, touchApiTokens } from '@toolplane/db';

export interface TokenUseRecorder {
  /** Notes that a token was used now (in memory; written in batches). */
  record(tokenId: string): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `last_used_at` off the hot path: ids collect in a set and one UPDATE writes them every
 * `intervalMs` (minute precision is all the dashboard shows; 10 s keeps it current enough).
 */
export function createTokenUseRecorder(options: {
  db: Db;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}): TokenUseRecorder {
  let used = new Set<string>();
  const flush = async () => {
    if (used.size === 0) return;
    const ids = [...used];
    used = new Set();
    try {
      await touchApiTokens(options.db, ids, new Date());
    } catch (error) {
      options.onError?.(error);
    }
  };
  const timer = setInterval(() => void flush(), options.intervalMs ?? 10_000);
  timer.unref();
  return {
    record(tokenId) {
      used.add(tokenId);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
