/**
 * Bounds how many isolates the sandbox wakes at once, process-wide.
 *
 * isolated-vm runs isolate work on a fixed pool of `hardware_concurrency + 1` threads. Waking an
 * isolate while every pool thread is busy makes it start a brand-new OS thread for that task,
 * synchronously on the calling (main) thread (`thread_pool_t::exec` in its src/lib/thread_pool.cc),
 * and the isolate then runs on a cold thread. With many workspaces active that happened on most
 * wakes: measured 0.3–0.7 ms of main-thread time per wake with 100 workspaces round-robin against
 * 0.03 ms with one hot workspace. So every wake the sandbox starts — building a context, loading
 * and calling a script, the idle probe — first takes one of `capacity` slots (default: cores + 1,
 * the pool's size). Calls go before background context building.
 */
const MAX_HOLD_MS = 1000;

export class WorkGate {
  private active = 0;
  private readonly urgent: (() => void)[] = [];
  private readonly background: (() => void)[] = [];

  constructor(readonly capacity: number) {}

  get busy(): number {
    return this.active;
  }

  get waiting(): number {
    return this.urgent.length + this.background.length;
  }

  /** A slot now, or `false` when all are taken (never waits). */
  tryAcquire(): boolean {
    if (this.active >= this.capacity) return false;
    this.active++;
    return true;
  }

  /** A slot; `urgent` (a call) waiters are served before background work. */
  acquire(urgent = false): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise((resolve) => (urgent ? this.urgent : this.background).push(resolve));
  }

  release(): void {
    const next = this.urgent.shift() ?? this.background.shift();
    if (next) next();
    else this.active = Math.max(0, this.active - 1);
  }

  /** A release that does nothing after its first use (for slots released by whichever is first). */
  releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release();
    };
  }

  /**
   * Runs `work` holding a slot — at most `maxHoldMs`: work on an isolate whose thread V8 lost
   * (a catastrophic error) may never settle, and must not keep a slot forever.
   */
  async run<T>(work: () => Promise<T>, urgent = false, maxHoldMs = MAX_HOLD_MS): Promise<T> {
    await this.acquire(urgent);
    const release = this.releaser();
    const timer = setTimeout(release, maxHoldMs);
    timer.unref?.();
    try {
      return await work();
    } finally {
      clearTimeout(timer);
      release();
    }
  }
}
