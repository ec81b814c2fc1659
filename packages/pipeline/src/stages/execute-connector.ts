import { PipelineError } from '../errors/pipeline-error';
import { sanitizeMessage } from '../errors/sanitize-message';
import type { CallState } from '../pipeline/call-state';
import { resolveLimits } from '../pipeline/resolve-limits';
import type { ConnectorRequest, ConnectorResult, PipelinePorts } from '../ports/pipeline-ports';
import { toResults } from '../results/to-results';

/**
 * Execution substep 5 — connector execution (skipped on a cache hit): the compiled text with
 * bound parameters, or the Redis argv. The database's message comes back sanitized.
 */
export async function executeConnector(state: CallState, ports: PipelinePorts): Promise<CallState> {
  const { tool, request } = state;
  if (tool.kind !== 'statement' || state.cacheHit) return state;
  const { maxRows, timeoutMs } = resolveLimits(tool, request.workspace);
  const statement = tool.statement;
  const base = {
    workspaceId: request.workspace.id,
    connector: tool.connector.name,
    readOnly: tool.readOnly,
    timeoutMs,
  };
  const connectorRequest: ConnectorRequest =
    statement.dialect === 'redis'
      ? { ...base, type: 'redis', command: statement.command, args: state.argv ?? [] }
      : {
          ...base,
          type: statement.dialect,
          text: statement.text,
          paramTypes: statement.paramTypes,
          params: state.params ?? [],
          maxRows,
        };
  let result: ConnectorResult;
  try {
    result = await ports.connectors.execute(connectorRequest);
  } catch (error) {
    throw new PipelineError(
      'CONNECTOR_FAILED',
      'connector',
      sanitizeMessage(error, state.secretValues),
      {
        tool: tool.name,
        cause: error,
      },
    );
  }
  const shaped = toResults(result.rows, 'connector', tool.name, maxRows);
  state.results = shaped.results;
  state.truncated = shaped.truncated || result.truncated === true;
  return state;
}
