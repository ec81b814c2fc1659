import type { CompiledTool } from './compiled-tool';

/** Whether a call of this tool may run tenant code: a handler, a mapper or a script policy. */
export function runsScripts(tool: CompiledTool): boolean {
  return (
    tool.kind === 'script' ||
    tool.mappers.input !== undefined ||
    tool.mappers.output !== undefined ||
    tool.auth?.plugin === 'script'
  );
}
