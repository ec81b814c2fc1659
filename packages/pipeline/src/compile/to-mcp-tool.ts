import type { ToolInputSchema } from '../inputs/build-input-schema';
import type { CompiledTool } from './compiled-tool';

/** A tool as `tools/list` shows it. */
export interface McpToolListing {
  name: string;
  description: string;
  inputSchema: ToolInputSchema;
  annotations?: NonNullable<CompiledTool['annotations']>;
}

export function toMcpTool(tool: CompiledTool): McpToolListing {
  const annotations = tool.annotations ?? (tool.readOnly ? { readOnlyHint: true } : undefined);
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(annotations === undefined ? {} : { annotations }),
  };
}
