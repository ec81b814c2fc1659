import type { Command } from 'commander';
import { createCliContext } from '../cli-context';
import type { CliEnv } from '../cli-env';
import { printJson, printLine } from '../output';

export interface Me {
  id: string;
  email: string;
  name: string | null;
}

export function registerWhoamiCommand(program: Command, env: CliEnv): void {
  program
    .command('whoami')
    .description('show the user the token acts as')
    .action(async (_options: object, command: Command) => {
      const ctx = await createCliContext(command.optsWithGlobals(), env);
      const me = await ctx.client().get<Me>('/api/v1/me');
      if (ctx.json) printJson(me);
      else printLine(me.name ? `${me.email} (${me.name})` : me.email);
    });
}
