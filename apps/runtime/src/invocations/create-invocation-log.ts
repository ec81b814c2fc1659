import { type Db, type InvocationInput, insertInvocations, pruneInvocations } from '@toolplane/db';

export interface InvocationLog {
  /** Queues one entry: O(1), never waits, never throws. */
  record(entry: InvocationInput): void;
  /** Writes what is queued now (tests, shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
  readonly queued: number;
}

export interface InvocationLogOptions {
  readonly db: Db;
  /** Writes one batch; default `insertInvocations` on `db` (Prisma). */
  readonly write?: (batch: InvocationInput[]) => Promise<unknown>;
  /** Entries kept while the database is slow or down; beyond it the oldest are dropped. */
  readonly maxQueue?: number;
  /** Rows per INSERT. */
  readonly batchSize?: number;
  readonly flushIntervalMs?: number;
  /** How often old entries are pruned (each workspace's retention); 0 turns pruning off. */
  readonly pruneIntervalMs?: number;
  readonly onDropped?: (count: number) => void;
  readonly onWriteError?: (error: unknown) => void;
}

/**
 * The invocation log writer: a bounded ring buffer filled by calls and emptied in batches by
 * one background loop, so logging never adds latency to a call. When the database cannot keep
 * up the oldest entries are dropped (and counted), never the process's memory. A failed batch
 * goes back to the front of the queue, within the same bound.
 */
export function createInvocationLog(options: InvocationLogOptions): InvocationLog {
  const capacity = options.maxQueue ?? 10_000;
  const batchSize = options.batchSize ?? 500;
  const write =
    options.write ?? ((batch: InvocationInput[]) => insertInvocations(options.db, batch));
  const ring: (InvocationInput | undefined)[] = new Array(capacity);
  let head = 0;
  let length = 0;
  let writing: Promise<void> | undefined;
  let closed = false;

  const push = (entry: InvocationInput) => {
    if (length === capacity) {
      ring[head] = undefined;
      head = (head + 1) % capacity;
      length--;
      options.onDropped?.(1);
    }
    ring[(head + length) % capacity] = entry;
    length++;
  };

  const take = (count: number): InvocationInput[] => {
    const batch: InvocationInput[] = [];
    while (batch.length < count && length > 0) {
      batch.push(ring[head]!);
      ring[head] = undefined;
      head = (head + 1) % capacity;
      length--;
    }
    return batch;
  };

  const putBack = (batch: InvocationInput[]) => {
    // Re-queue at the front, newest of the batch last; what no longer fits is dropped.
    for (let i = batch.length - 1; i >= 0; i--) {
      if (length === capacity) {
        options.onDropped?.(i + 1);
        return;
      }
      head = (head - 1 + capacity) % capacity;
      ring[head] = batch[i];
      length++;
    }
  };

  const drain = async () => {
    while (length > 0) {
      const batch = take(batchSize);
      try {
        await write(batch);
      } catch (error) {
        options.onWriteError?.(error);
        if (!closed) putBack(batch);
        return;
      }
    }
  };

  const flush = () => {
    writing ??= drain().finally(() => {
      writing = undefined;
    });
    return writing;
  };

  const timer = setInterval(() => void flush(), options.flushIntervalMs ?? 1_000);
  timer.unref();
  const pruneEvery = options.pruneIntervalMs ?? 60 * 60_000;
  const pruner =
    pruneEvery > 0
      ? setInterval(() => {
          pruneInvocations(options.db).catch((error) => options.onWriteError?.(error));
        }, pruneEvery)
      : undefined;
  pruner?.unref();

  return {
    record(entry) {
      if (closed) return;
      push(entry);
      if (length >= batchSize) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      if (pruner) clearInterval(pruner);
      await flush();
      closed = true;
    },
    get queued() {
      return length;
    },
  };
}
