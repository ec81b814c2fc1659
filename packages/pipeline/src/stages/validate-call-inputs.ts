import { validateInputs } from '../inputs/validate-inputs';
import type { CallState } from '../pipeline/call-state';

/** Execution substep 1 — input validation against the declaration (both tool kinds). */
export function validateCallInputs(state: CallState): CallState {
  state.inputs = validateInputs(state.tool.inputs, state.args, state.tool.name);
  return state;
}
