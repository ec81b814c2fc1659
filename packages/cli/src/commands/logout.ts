import type { Command } from 'commander';
import { createCliContext } from '../cli-context';
import type { CliEnv } from '../cli-env';
import { configPath, deleteConfig } from '../config-store';
import { printJson, printNote } from '../output';

export function registerLogoutCommand(program: Command, env: CliEnv): void {
  program
    .command('logout')
    .description('forget the stored token (revoke it in the dashboard to disable it everywhere)')
    .action(async (_options: object, command: Command) => {
      const ctx = await createCliContext(command.optsWithGlobals(), env);
      const removed = await deleteConfig(env.configHome);
      if (ctx.json) printJson({ loggedOut: removed, configPath: configPath(env.configHome) });
      else printNote(removed ? 'Logged out: the stored token is removed.' : 'Not logged in.');
      if (env.token) printNote('Note: TOOLPLANE_TOKEN is still set in this shell.');
    });
}
