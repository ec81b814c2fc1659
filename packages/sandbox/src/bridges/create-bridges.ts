import ivm from 'isolated-vm';
import type { CallState } from '../call/call-state';
import { randomBridge } from './random-bridge';
import { urlBridge } from './url-bridge';

/** The call a pre-warmed context is serving; `null` while it waits and after the call ends. */
export type BridgeSlot = { call: CallState | null };

/**
 * The host side of one context, in `BRIDGE_NAMES` order: two callbacks, each dispatching on an
 * operation code (the bootstrap's `hostLog`, `hostTimerStart`, … are thin wrappers over them).
 * `post` is `ignored` — console, timers and fetch: the isolate does not wait for the host — and
 * `ask` is synchronous — randomness and URL parsing. Every callback costs each context an
 * isolated-vm handle, a function template and a function instantiated in the isolate, so two
 * rather than one per bridge (six) make a context cheaper to build. Both validate what they are
 * given and never throw: a thrown host error would carry a host stack into the isolate.
 */
export function createBridges(slot: BridgeSlot): ivm.Callback[] {
  const post = (operation: unknown, first: unknown, second: unknown, third: unknown): void => {
    try {
      const call = slot.call;
      if (call === null) return;
      if (operation === 0) call.console.add(first, second, third);
      else if (operation === 1) call.startTimer(first, second);
      else if (operation === 2) call.clearTimer(first);
      else if (operation === 3) call.startFetch(first, second);
    } catch {}
  };
  const ask = (
    operation: unknown,
    first: unknown,
    second: unknown,
    third: unknown,
    fourth: unknown,
  ): ReturnType<typeof randomBridge> | ReturnType<typeof urlBridge> => {
    try {
      if (operation === 0) return randomBridge(first, second);
      if (operation === 1) return urlBridge(first, second, third, fourth);
    } catch {}
    return null;
  };
  return [new ivm.Callback(post, { ignored: true }), new ivm.Callback(ask)];
}
