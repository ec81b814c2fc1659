import type ivm from 'isolated-vm';
import type { CodeCache } from '../compile/code-cache';
import { BOOTSTRAP_SOURCE } from '../isolate-code/bootstrap-source';
import { LruMap } from '../lru-map';
import { newIsolate } from './new-isolate';
import { installWarmContext, type WarmContext } from './warm-context';
import type { WorkGate } from './work-gate';

const BOOTSTRAP_KEY = 'toolplane:bootstrap';
const SCRIPTS_PER_ISOLATE = 64;

/**
 * One isolate of one workspace: its compiled scripts (by hash) and its pre-warmed contexts. It
 * runs one call at a time, so the isolate's CPU time during a call is that call's.
 */
export class PooledIsolate {
  readonly isolate: ivm.Isolate;
  readonly ready: Promise<void>;
  busy = false;
  lastUsedAt = Date.now();
  /** V8 lost control of this isolate (see `SandboxOptions.onCatastrophicError`). */
  catastrophic = false;
  private bootstrap: ivm.Script | null = null;
  private readonly warm: WarmContext[] = [];
  /**
   * A context created but not yet bootstrapped: the next build bootstraps it and, in the same
   * wake of the isolate, creates the one after. Without it, building a context takes two wakes
   * (create, then bootstrap: the second needs the first's handle), and with many workspaces each
   * wake lands on a cold isolate. Nothing ever runs in it before its bootstrap.
   */
  private spare: ivm.Context | null = null;
  private filling = false;
  private building = false;
  private readonly scripts = new LruMap<string, ivm.Script>(SCRIPTS_PER_ISOLATE, (script) => {
    try {
      script.release();
    } catch {}
  });

  constructor(
    readonly workspaceId: string,
    readonly memoryMb: number,
    private readonly codeCache: CodeCache,
    private readonly warmTarget: number,
    onCatastrophicError: (message: string) => void,
    private readonly gate: WorkGate,
    initialOldSpaceMb = 0,
  ) {
    this.isolate = newIsolate(
      {
        memoryLimit: memoryMb,
        onCatastrophicError: (message) => {
          this.catastrophic = true;
          onCatastrophicError(message);
        },
      },
      initialOldSpaceMb,
    );
    this.ready = this.start();
    this.ready.catch(() => {});
  }

  get alive(): boolean {
    return !this.isolate.isDisposed;
  }

  get warmCount(): number {
    return this.warm.length;
  }

  /**
   * Whether it is creating a context now: a call given to it would queue behind that work. (A
   * refill still waiting for the work gate does not count: it steps aside for a call.)
   */
  get refilling(): boolean {
    return this.building;
  }

  private async start(): Promise<void> {
    await this.gate.run(async () => {
      const bootstrap = await this.codeCache.compile(
        this.isolate,
        BOOTSTRAP_KEY,
        BOOTSTRAP_SOURCE,
        'toolplane:sandbox',
      );
      this.bootstrap = bootstrap;
      // No spare yet: the first call waits for this. The build after that call makes one.
      if (this.warmTarget > 0) this.warm.push(await this.build(bootstrap, false));
    }, true);
  }

  /** The process-wide bound on isolates woken at once (see `WorkGate`). */
  get workGate(): WorkGate {
    return this.gate;
  }

  /** A compiled script, from this isolate's cache or compiled now (with the shared code cache). */
  async script(hash: string, code: string, filename: string): Promise<ivm.Script> {
    const cached = this.scripts.get(hash);
    if (cached) return cached;
    const script = await this.gate.run(
      () => this.codeCache.compile(this.isolate, hash, code, filename),
      true,
    );
    this.scripts.set(hash, script);
    return script;
  }

  /** A pre-warmed context, or a new one when the call came faster than the refill. */
  async takeContext(): Promise<WarmContext> {
    const warm = this.warm.shift();
    if (warm) return warm;
    const bootstrap = this.bootstrap!;
    // The call is waiting: no spare is made on its path (the build after the call makes one).
    return this.gate.run(() => this.build(bootstrap, false), true);
  }

  /**
   * A context with the globals installed: the spare bootstrapped (or a new context), and, when
   * `withSpare`, the next spare created right behind it, in the same wake. Resolves once both are
   * done, so the work slot held around it covers all the isolate's work.
   */
  private async build(bootstrap: ivm.Script, withSpare: boolean): Promise<WarmContext> {
    const spare = this.spare;
    this.spare = null;
    const installing = installWarmContext(spare ?? (await this.isolate.createContext()), bootstrap);
    if (!withSpare || !this.alive) return installing;
    const [installed, next] = await Promise.allSettled([installing, this.isolate.createContext()]);
    if (next.status === 'fulfilled') {
      if (this.alive && this.spare === null) this.spare = next.value;
      else next.value.release();
    }
    if (installed.status === 'rejected') throw installed.reason;
    return installed.value;
  }

  /**
   * Resolves once the isolate has finished everything queued before it — the previous call's
   * leftover microtasks included. When a warm context is missing, creating one is that task
   * (the replacement costs nothing extra); otherwise a no-op evaluation in `context` is.
   */
  async idle(context: WarmContext): Promise<void> {
    const bootstrap = this.bootstrap;
    if (bootstrap !== null && this.warm.length < this.warmTarget) {
      // Right after the call, while the isolate's heap is warm in the caches; waiting for a
      // slot like a call does (the isolate stays busy meanwhile, which it would be anyway).
      await this.gate.run(async () => {
        this.building = true;
        try {
          const fresh = await this.build(bootstrap, true);
          if (this.alive) this.warm.push(fresh);
          else fresh.release();
        } finally {
          this.building = false;
        }
      }, true);
      return;
    }
    await this.gate.run(() => context.context.eval('0'), true);
  }

  /**
   * Tops the pre-warmed contexts up, in the background, after a call: the isolate's thread does
   * this work between calls rather than at the start of the next one.
   */
  refill(): void {
    if (this.filling || !this.alive || this.bootstrap === null) return;
    this.filling = true;
    const bootstrap = this.bootstrap;
    void (async () => {
      try {
        while (this.alive && !this.busy && this.warm.length < this.warmTarget) {
          const built = await this.gate.run(async () => {
            // A call may have taken the isolate while this waited: it refills after that call.
            if (!this.alive || this.busy || this.warm.length >= this.warmTarget) return false;
            this.building = true;
            try {
              const context = await this.build(bootstrap, true);
              if (this.alive) this.warm.push(context);
              else context.release();
            } finally {
              this.building = false;
            }
            return true;
          });
          if (!built) break;
        }
      } catch {
        // The isolate was disposed meanwhile; the pool replaces it.
      } finally {
        this.filling = false;
      }
    })();
  }

  dispose(): void {
    try {
      this.spare?.release();
    } catch {}
    this.spare = null;
    for (const context of this.warm.splice(0)) {
      try {
        context.release();
      } catch {}
    }
    if (!this.isolate.isDisposed) {
      try {
        this.isolate.dispose();
      } catch {}
    }
  }
}
