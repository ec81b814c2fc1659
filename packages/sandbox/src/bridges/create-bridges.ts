import ivm from 'isolated-vm';
import type { CallState } from '../call/call-state';
import { randomBridge } from './random-bridge';
import { urlBridge } from './url-bridge';

/** The call a pre-warmed context is serving; `null` while it waits and after the call ends. */
export type BridgeSlot = { call: CallState | null };

/**
 * The host callbacks of one context, in `BRIDGE_NAMES` order. Console, timers and fetch are
 * `ignored` callbacks (the isolate does not wait for the host); randomness and URL parsing are
 * synchronous. Each validates what it is given and never throws: a thrown host error would carry
 * a host stack into the isolate.
 */
export function createBridges(slot: BridgeSlot): ivm.Callback[] {
  const guard =
    <A extends unknown[], R>(fn: (...args: A) => R, fallback: R) =>
    (...args: A): R => {
      try {
        return fn(...args);
      } catch {
        return fallback;
      }
    };
  return [
    new ivm.Callback(
      guard((level: unknown, message: unknown, truncated: unknown) => {
        slot.call?.console.add(level, message, truncated);
      }, undefined),
      { ignored: true },
    ),
    new ivm.Callback(
      guard((id: unknown, delay: unknown) => slot.call?.startTimer(id, delay), undefined),
      { ignored: true },
    ),
    new ivm.Callback(
      guard((id: unknown) => slot.call?.clearTimer(id), undefined),
      { ignored: true },
    ),
    new ivm.Callback(
      guard((id: unknown, request: unknown) => slot.call?.startFetch(id, request), undefined),
      { ignored: true },
    ),
    new ivm.Callback(guard(randomBridge, null)),
    new ivm.Callback(guard(urlBridge, null)),
  ];
}
