import type { CallState } from '../pipeline/call-state';
import type { PipelinePorts } from '../ports/pipeline-ports';
import { readSecret } from './read-secret';

/**
 * Execution substep 2 — environment substitution: reads the secrets the statement binds (or,
 * for a script tool, the secrets it declares). A missing one is SECRET_MISSING.
 */
export async function substituteEnv(state: CallState, ports: PipelinePorts): Promise<CallState> {
  const { tool } = state;
  const names = tool.kind === 'statement' ? tool.statementSecrets : tool.declaredSecrets;
  for (const name of names) await readSecret(state, ports, name, 'env_substitution');
  return state;
}
