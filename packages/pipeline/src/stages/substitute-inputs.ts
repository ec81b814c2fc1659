import { bindParams } from '../params/bind-params';
import type { CallState } from '../pipeline/call-state';
import { bindArgs } from '../redis/bind-args';

/**
 * Execution substep 3 — input substitution, done as binding: the compiled statement text never
 * changes; the values become its parameters (SQL) or arguments (Redis).
 */
export function substituteInputs(state: CallState): CallState {
  const { tool } = state;
  if (tool.kind !== 'statement') return state;
  const values = { inputs: state.inputs, env: state.env };
  if (tool.statement.dialect === 'redis') state.argv = bindArgs(tool.statement.args, values);
  else state.params = bindParams(tool.statement.params, values);
  return state;
}
