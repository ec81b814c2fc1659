import type ivm from 'isolated-vm';
import { type BridgeSlot, createBridges } from '../bridges/create-bridges';

/** A context with the sandbox globals installed, waiting for exactly one call. */
export type WarmContext = {
  context: ivm.Context;
  /** The context's entry point: `run`, `timer`, `fetch`. */
  entry: ivm.Reference<(operation: string, first?: unknown, second?: unknown) => unknown>;
  slot: BridgeSlot;
  release(): void;
};

/**
 * Creates a context and runs the bootstrap in it. The callbacks are made per context so that
 * each is bound to its own slot: a late callback from a finished call finds the slot empty.
 */
export async function createWarmContext(
  isolate: ivm.Isolate,
  bootstrap: ivm.Script,
): Promise<WarmContext> {
  const context = await isolate.createContext();
  try {
    const slot: BridgeSlot = { call: null };
    const install = (await bootstrap.run(context, { reference: true })) as ivm.Reference<
      (...bridges: unknown[]) => unknown
    >;
    const entry = (await install.apply(undefined, createBridges(slot), {
      result: { reference: true },
    })) as WarmContext['entry'];
    install.release();
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
