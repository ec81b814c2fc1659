import type { CompiledTool } from '../compile/compiled-tool';
import { PipelineError } from '../errors/pipeline-error';
import type { ToolCallRequest } from '../pipeline/tool-call-request';
import { thenMaybe } from '../ports/maybe-promise';
import type { PipelinePorts } from '../ports/pipeline-ports';

/**
 * Stage 1 — tool resolution: the name → its compiled definition. A tool the calling token may
 * not use answers exactly like one that does not exist (-32601), so discovery leaks nothing.
 */
export function resolveTool(
  request: ToolCallRequest,
  ports: PipelinePorts,
): CompiledTool | Promise<CompiledTool> {
  const { token } = request.caller;
  const allowed = token.tools === 'all' || token.tools.includes(request.toolName);
  if (!allowed) return notFound(request);
  // The registry answers from memory once a workspace is loaded: no await then.
  return thenMaybe(
    ports.tools.get(request.workspace.id, request.toolName),
    (found) => found ?? notFound(request),
  );
}

function notFound(request: ToolCallRequest): never {
  throw new PipelineError('TOOL_NOT_FOUND', 'resolve', `tool '${request.toolName}' not found`, {
    tool: request.toolName,
  });
}
