import type ivm from 'isolated-vm';

export type LimitKind = 'cpu' | 'wall';

/**
 * Enforces one call's CPU and wall-clock limits on its isolate. isolated-vm's own `timeout` is
 * wall-clock and covers synchronous execution only, so neither limit can use it:
 *
 * - CPU: the isolate runs one call at a time on one thread, so its CPU time cannot grow faster
 *   than the wall clock. A timer set for the remaining CPU budget therefore never fires late by
 *   more than timer jitter; when it fires it reads `isolate.cpuTime` and either kills the isolate
 *   or sleeps for the budget still left. A call that mostly awaits I/O costs a handful of checks,
 *   a busy loop is caught within a few milliseconds of its budget.
 * - Wall: one timer to the deadline.
 *
 * Killing is `isolate.dispose()`: the only way to stop a synchronous loop. The pending call then
 * rejects, `killed` resolves with the limit, and the pool replaces the isolate.
 */
export class LimitGuard {
  kind: LimitKind | null = null;
  readonly killed: Promise<LimitKind>;
  private resolveKilled!: (kind: LimitKind) => void;
  private cpuTimer: NodeJS.Timeout | undefined;
  private readonly wallTimer: NodeJS.Timeout;
  private readonly cpuLimitNs: bigint;
  private finalCpuNs: bigint | null = null;

  constructor(
    private readonly isolate: ivm.Isolate,
    private readonly cpuStart: bigint,
    cpuMs: number,
    deadline: number,
  ) {
    this.killed = new Promise((resolve) => {
      this.resolveKilled = resolve;
    });
    this.cpuLimitNs = BigInt(cpuMs) * 1_000_000n;
    this.cpuTimer = setTimeout(() => this.checkCpu(), cpuMs);
    this.wallTimer = setTimeout(() => this.kill('wall'), Math.max(0, deadline - Date.now()));
  }

  /** CPU used by the isolate since the call started, in ms. */
  cpuMs(): number {
    if (this.finalCpuNs !== null) return Number(this.finalCpuNs) / 1e6;
    try {
      return Number(this.isolate.cpuTime - this.cpuStart) / 1e6;
    } catch {
      return 0;
    }
  }

  stop(): void {
    clearTimeout(this.cpuTimer);
    clearTimeout(this.wallTimer);
  }

  private checkCpu(): void {
    if (this.kind) return;
    let used: bigint;
    try {
      used = this.isolate.cpuTime - this.cpuStart;
    } catch {
      return;
    }
    if (used >= this.cpuLimitNs) {
      this.kill('cpu');
      return;
    }
    const remainingMs = Number(this.cpuLimitNs - used) / 1e6;
    this.cpuTimer = setTimeout(() => this.checkCpu(), Math.max(1, Math.ceil(remainingMs)));
  }

  private kill(kind: LimitKind): void {
    if (this.kind) return;
    this.kind = kind;
    this.stop();
    try {
      this.finalCpuNs = this.isolate.cpuTime - this.cpuStart;
    } catch {}
    try {
      this.isolate.dispose();
    } catch {}
    this.resolveKilled(kind);
  }
}
