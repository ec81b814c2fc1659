import { Command, Option } from 'commander';
import type { CliEnv } from './cli-env';
import { registerGitopsCommands } from './commands/gitops';
import { registerHyperterseImportCommand } from './commands/hyperterse-import';
import { registerLoginCommand } from './commands/login';
import { registerLogoutCommand } from './commands/logout';
import { registerSecretsCommand } from './commands/secrets';
import { registerTokensCommand } from './commands/tokens';
import { registerToolsCommand } from './commands/tools';
import { registerWhoamiCommand } from './commands/whoami';
import { registerWorkspacesCommand } from './commands/workspaces';

export const CLI_VERSION = '0.0.0';

/** The whole command tree; global options are read by each command with optsWithGlobals(). */
export function createProgram(env: CliEnv): Command {
  const program = new Command('toolplane')
    .description('Toolplane from the command line: workspaces, tools, tokens and secrets.')
    .version(CLI_VERSION)
    .option('--json', 'machine-readable JSON on stdout (errors as JSON on stderr)')
    .addOption(
      new Option('-w, --workspace <slug>', 'the workspace to act on').env('TOOLPLANE_WORKSPACE'),
    )
    .addOption(
      new Option('--api-url <url>', 'the Toolplane web app (default: stored by login)').env(
        'TOOLPLANE_API_URL',
      ),
    )
    .showHelpAfterError('(add --help for usage)')
    // Thrown instead of process.exit(), so main() chooses the exit code and nothing is cut off.
    .exitOverride();
  program.addHelpText(
    'after',
    `
Environment: TOOLPLANE_TOKEN (a personal access token, instead of login), TOOLPLANE_API_URL,
TOOLPLANE_WORKSPACE. Stored login: ${env.configHome}/toolplane/config.json (mode 0600).
Exit status: 0 success, 1 the operation failed, 2 the command line was wrong.`,
  );
  registerLoginCommand(program, env);
  registerLogoutCommand(program, env);
  registerWhoamiCommand(program, env);
  registerWorkspacesCommand(program, env);
  registerToolsCommand(program, env);
  registerTokensCommand(program, env);
  registerSecretsCommand(program, env);
  registerGitopsCommands(program, env);
  registerHyperterseImportCommand(program, env);
  return program;
}
