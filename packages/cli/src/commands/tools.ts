import type { Command } from 'commander';
import { workspacePath } from '../api-client';
import { createCliContext } from '../cli-context';
import type { CliEnv } from '../cli-env';
import { formatDate, printJson, printRecord, printTable } from '../output';
import { registerToolsCallCommand } from './tools-call';

interface ToolItem {
  name: string;
  kind?: string;
  description?: string;
  enabled?: boolean;
  version?: number;
  updatedAt?: string;
}

export function registerToolsCommand(program: Command, env: CliEnv): void {
  const tools = program.command('tools').description('the tools of a workspace');
  tools
    .command('list')
    .description('list the tools of --workspace')
    .action(async (_options: object, command: Command) => {
      const ctx = await createCliContext(command.optsWithGlobals(), env);
      const items = await ctx.client().listAll<ToolItem>(workspacePath(ctx.workspace(), 'tools'));
      if (ctx.json) return printJson(items);
      printTable(
        ['NAME', 'KIND', 'VERSION', 'ENABLED', 'UPDATED', 'DESCRIPTION'],
        items.map((t) => [
          t.name,
          t.kind,
          t.version === undefined ? '' : String(t.version),
          t.enabled === undefined ? '' : t.enabled ? 'yes' : 'no',
          formatDate(t.updatedAt),
          t.description?.split('\n')[0],
        ]),
      );
    });
  tools
    .command('get <name>')
    .description('show one tool’s definition')
    .action(async (name: string, _options: object, command: Command) => {
      const ctx = await createCliContext(command.optsWithGlobals(), env);
      const tool = await ctx
        .client()
        .get<Record<string, unknown>>(workspacePath(ctx.workspace(), 'tools', name));
      if (ctx.json) printJson(tool);
      else printRecord(tool);
    });
  registerToolsCallCommand(tools, env);
}
