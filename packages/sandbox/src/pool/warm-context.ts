import type ivm from 'isolated-vm';
import { type BridgeSlot, createBridges } from '../bridges/create-bridges';
import { INSTALL_SOURCE } from '../isolate-code/bootstrap-source';

/** A context with the sandbox globals installed, waiting for exactly one call. */
export type WarmContext = {
  context: ivm.Context;
  /** The context's entry point: `run`, `timer`, `fetch`. */
  entry: ivm.Reference<(operation: string, first?: unknown, second?: unknown) => unknown>;
  slot: BridgeSlot;
  release(): void;
};

/**
 * Runs the bootstrap in a context just created (one wake of the isolate). The callbacks are made
 * per context so that each is bound to its own slot: a late callback from a finished call finds
 * the slot empty.
 */
export async function installWarmContext(
  context: ivm.Context,
  bootstrap: ivm.Script,
): Promise<WarmContext> {
  try {
    const slot: BridgeSlot = { call: null };
    // Two tasks queued back to back: one wake of the isolate runs both.
    bootstrap.runIgnored(context);
    const entry = (await context.evalClosure(INSTALL_SOURCE, createBridges(slot), {
      result: { reference: true },
    })) as WarmContext['entry'];
    return {
      context,
      entry,
      slot,
      release() {
        slot.call = null;
        entry.release();
        context.release();
      },
    };
  } catch (error) {
    context.release();
    throw error;
  }
}
