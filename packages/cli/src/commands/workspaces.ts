import type { Command } from 'commander';
import { createCliContext } from '../cli-context';
import type { CliEnv } from '../cli-env';
import { printJson, printTable } from '../output';

interface WorkspaceItem {
  slug: string;
  name?: string;
  role?: string;
}

export function registerWorkspacesCommand(program: Command, env: CliEnv): void {
  const workspaces = program.command('workspaces').description('workspaces you are a member of');
  workspaces
    .command('list', { isDefault: true })
    .description('list your workspaces and your role in each')
    .action(async (_options: object, command: Command) => {
      const ctx = await createCliContext(command.optsWithGlobals(), env);
      const items = await ctx.client().listAll<WorkspaceItem>('/api/v1/workspaces');
      if (ctx.json) return printJson(items);
      printTable(
        ['SLUG', 'NAME', 'ROLE'],
        items.map((w) => [w.slug, w.name, w.role]),
      );
    });
}
