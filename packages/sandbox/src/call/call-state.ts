import { type FetchEnvironment, performFetch } from '../fetch/perform-fetch';
import type { ConsoleCollector } from './console-collector';

/** Sends an event into the call's context (a timer firing, a fetch settling). */
export type Dispatch = (operation: 'timer' | 'fetch', id: number, payload?: unknown) => void;

const MAX_TIMERS = 1000;

/**
 * What the host keeps for one running call: its console, its timers and its fetches. Everything
 * the bridges start is tied to the call and ends with it — timers are cleared, fetches aborted —
 * so nothing a script leaves behind outlives its call.
 */
export class CallState {
  private readonly timers = new Map<number, NodeJS.Timeout>();
  // Made by the first fetch: aborting one costs a DOMException, and most calls never fetch.
  private abort: AbortController | null = null;
  private fetches = 0;
  private ended = false;

  constructor(
    readonly console: ConsoleCollector,
    private readonly deadline: number,
    private readonly fetchEnvironment: Omit<FetchEnvironment, 'signal' | 'deadline'>,
    private readonly dispatch: Dispatch,
  ) {}

  startTimer(id: unknown, delay: unknown): void {
    if (this.ended || typeof id !== 'number' || typeof delay !== 'number') return;
    if (this.timers.size >= MAX_TIMERS || this.timers.has(id)) return;
    const ms = Math.max(0, Math.min(delay, 2_147_483_647));
    // A timer due after the deadline can never fire: the call ends first.
    if (Date.now() + ms > this.deadline) return;
    this.timers.set(
      id,
      setTimeout(() => {
        this.timers.delete(id);
        if (!this.ended) this.dispatch('timer', id);
      }, ms),
    );
  }

  clearTimer(id: unknown): void {
    if (typeof id !== 'number') return;
    const timer = this.timers.get(id);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.timers.delete(id);
  }

  startFetch(id: unknown, request: unknown): void {
    if (this.ended || typeof id !== 'number') return;
    this.fetches++;
    if (this.fetches > this.fetchEnvironment.limits.maxFetchesPerCall) {
      const max = this.fetchEnvironment.limits.maxFetchesPerCall;
      this.dispatch('fetch', id, {
        ok: false,
        message: `fetch: more than ${max} requests in one call`,
      });
      return;
    }
    this.abort ??= new AbortController();
    performFetch(request, {
      ...this.fetchEnvironment,
      signal: this.abort.signal,
      deadline: this.deadline,
    })
      .catch(() => ({ ok: false as const, message: 'fetch failed' }))
      .then((outcome) => {
        if (!this.ended) this.dispatch('fetch', id, outcome);
      });
  }

  end(): void {
    this.ended = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.abort?.abort();
  }
}
