import type { PoolOptions } from '../sandbox-types';
import type { PooledIsolate } from './pooled-isolate';

export type IsolateFactory = (workspaceId: string, memoryMb: number) => PooledIsolate;

type Waiter = {
  memoryMb: number;
  resolve(isolate: PooledIsolate): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
};

/** `memoryMb`: the limit the workspace's latest call asked for; isolates with another one go. */
type WorkspaceEntry = { isolates: PooledIsolate[]; waiters: Waiter[]; memoryMb: number };

/** The workspace's queue is full. */
export class PoolBusyError extends Error {}
/** No isolate became free before the call's deadline. */
export class PoolTimeoutError extends Error {}

/**
 * Isolates by workspace. An isolate belongs to one workspace for its whole life and serves one
 * call at a time. Bounded per workspace (further calls queue, up to a limit) and per process
 * (the least recently used idle isolate of any workspace is evicted to make room); idle isolates
 * are disposed by `sweep`. A disposed isolate — killed by a limit — is simply dropped: the next
 * call creates a fresh one.
 */
export class IsolatePool {
  private readonly workspaces = new Map<string, WorkspaceEntry>();
  private count = 0;
  private pumping = false;
  created = 0;
  disposed = 0;

  constructor(
    private readonly options: PoolOptions,
    private readonly factory: IsolateFactory,
    /** `false` once the sandbox refuses new isolates (after catastrophic errors). */
    private readonly canCreate: () => boolean = () => true,
  ) {}

  /** Whether the workspace has a live isolate (busy or not). */
  hasLiveIsolate(workspaceId: string): boolean {
    return this.workspaces.get(workspaceId)?.isolates.some((isolate) => isolate.alive) ?? false;
  }

  /** An isolate for the workspace, waiting at most `waitMs` for one to be free. */
  acquire(workspaceId: string, memoryMb: number, waitMs: number): Promise<PooledIsolate> {
    const entry = this.entryOf(workspaceId);
    const now = this.take(workspaceId, entry, memoryMb);
    if (now) return Promise.resolve(now);
    if (entry.waiters.length >= this.options.maxQueuedPerWorkspace) {
      this.dropIfEmpty(workspaceId, entry);
      return Promise.reject(new PoolBusyError('too many script calls waiting for this workspace'));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        memoryMb,
        resolve,
        reject,
        timer: setTimeout(
          () => {
            const index = entry.waiters.indexOf(waiter);
            if (index !== -1) entry.waiters.splice(index, 1);
            this.dropIfEmpty(workspaceId, entry);
            reject(new PoolTimeoutError('no isolate became free in time'));
          },
          Math.max(0, waitMs),
        ),
      };
      entry.waiters.push(waiter);
    });
  }

  /** Returns an isolate after a call; a dead one is dropped. */
  release(isolate: PooledIsolate): void {
    isolate.busy = false;
    isolate.lastUsedAt = Date.now();
    const entry = this.workspaces.get(isolate.workspaceId);
    if (!isolate.alive || (entry && entry.memoryMb !== isolate.memoryMb)) this.remove(isolate);
    else isolate.refill();
    this.pump();
  }

  /** Disposes and forgets an isolate, then hands the freed capacity to waiting calls. */
  remove(isolate: PooledIsolate): void {
    this.discard(isolate);
    this.pump();
  }

  private discard(isolate: PooledIsolate): void {
    const entry = this.workspaces.get(isolate.workspaceId);
    const index = entry ? entry.isolates.indexOf(isolate) : -1;
    if (entry && index !== -1) {
      entry.isolates.splice(index, 1);
      this.count--;
      this.disposed++;
      this.dropIfEmpty(isolate.workspaceId, entry);
    }
    isolate.dispose();
  }

  /** Disposes isolates idle for longer than the idle timeout. */
  sweep(now = Date.now()): void {
    for (const entry of [...this.workspaces.values()]) {
      for (const isolate of [...entry.isolates]) {
        if (!isolate.busy && now - isolate.lastUsedAt >= this.options.idleTimeoutMs) {
          this.remove(isolate);
        }
      }
    }
  }

  all(): PooledIsolate[] {
    return [...this.workspaces.values()].flatMap((entry) => entry.isolates);
  }

  get workspaceCount(): number {
    return this.workspaces.size;
  }

  get queued(): number {
    let total = 0;
    for (const entry of this.workspaces.values()) total += entry.waiters.length;
    return total;
  }

  dispose(): void {
    for (const entry of this.workspaces.values()) {
      for (const waiter of entry.waiters.splice(0)) {
        clearTimeout(waiter.timer);
        waiter.reject(new PoolBusyError('the sandbox is shutting down'));
      }
    }
    for (const isolate of this.all()) this.discard(isolate);
    this.workspaces.clear();
  }

  private entryOf(workspaceId: string): WorkspaceEntry {
    let entry = this.workspaces.get(workspaceId);
    if (!entry) {
      entry = { isolates: [], waiters: [], memoryMb: 0 };
      this.workspaces.set(workspaceId, entry);
    }
    return entry;
  }

  private dropIfEmpty(workspaceId: string, entry: WorkspaceEntry): void {
    if (entry.isolates.length === 0 && entry.waiters.length === 0) {
      this.workspaces.delete(workspaceId);
    }
  }

  private take(workspaceId: string, entry: WorkspaceEntry, memoryMb: number): PooledIsolate | null {
    entry.memoryMb = memoryMb;
    const usable = (isolate: PooledIsolate) =>
      !isolate.busy && isolate.alive && isolate.memoryMb === memoryMb;
    // An isolate still creating its next warm context would make this call wait for that work
    // (about a millisecond). Prefer one that is ready; failing that, while the workspace and the
    // process have room, a second isolate — whose creation happens once, after which the two
    // alternate and each refills while the other serves.
    const ready = entry.isolates.find((isolate) => usable(isolate) && !isolate.refilling);
    if (ready) {
      ready.busy = true;
      return ready;
    }
    const refilling = entry.isolates.find(usable);
    const roomForAnother =
      this.canCreate() &&
      entry.isolates.length < this.options.maxIsolatesPerWorkspace &&
      this.count < this.options.maxIsolates;
    if (refilling && !roomForAnother) {
      refilling.busy = true;
      return refilling;
    }
    // The workspace's memory setting changed: its idle isolates with the old limit go.
    for (const stale of entry.isolates.filter(
      (isolate) => !isolate.busy && isolate.memoryMb !== memoryMb,
    )) {
      this.discard(stale);
    }
    if (entry.isolates.length >= this.options.maxIsolatesPerWorkspace) return null;
    if (!this.canCreate()) return null;
    if (this.count >= this.options.maxIsolates && !this.evictLeastRecentlyUsed()) return null;
    const isolate = this.factory(workspaceId, memoryMb);
    isolate.busy = true;
    entry.isolates.push(isolate);
    this.workspaces.set(workspaceId, entry);
    this.count++;
    this.created++;
    return isolate;
  }

  private evictLeastRecentlyUsed(): boolean {
    let oldest: PooledIsolate | null = null;
    for (const isolate of this.all()) {
      if (!isolate.busy && (!oldest || isolate.lastUsedAt < oldest.lastUsedAt)) oldest = isolate;
    }
    if (!oldest) return false;
    this.discard(oldest);
    return true;
  }

  /** Hands freed capacity to waiting calls, oldest workspace queue first. */
  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (const [workspaceId, entry] of this.workspaces) {
        while (entry.waiters.length > 0) {
          const isolate = this.take(workspaceId, entry, entry.waiters[0]!.memoryMb);
          if (!isolate) break;
          const waiter = entry.waiters.shift()!;
          clearTimeout(waiter.timer);
          waiter.resolve(isolate);
        }
      }
    } finally {
      this.pumping = false;
    }
  }
}
