import type { Command } from 'commander';
import { connectApi, createCliContext } from '../cli-context';
import type { CliEnv } from '../cli-env';
import { CliError, EXIT_USAGE } from '../cli-error';
import { writeConfig } from '../config-store';
import { printJson, printNote } from '../output';
import { withProgress } from '../progress';
import { readSecretInput } from '../read-secret-input';
import type { Me } from './whoami';

export function registerLoginCommand(program: Command, env: CliEnv): void {
  program
    .command('login')
    .description('verify a personal access token and store it for this user (file mode 0600)')
    .addHelpText(
      'after',
      `
The token is typed at a hidden prompt, or piped on stdin (never an argument):
  printf %s "$PAT" | toolplane login --api-url https://toolplane.example.com
Create one in the dashboard under Account → Personal access tokens.
TOOLPLANE_TOKEN and TOOLPLANE_API_URL override what is stored.`,
    )
    .action(async (_options: object, command: Command) => {
      const ctx = await createCliContext(command.optsWithGlobals(), env);
      const token = await readSecretInput(
        'Personal access token',
        'printf %s "$PAT" | toolplane login',
      );
      if (!token.startsWith('tpp_'))
        throw new CliError(
          'That is not a personal access token: they start with tpp_.',
          EXIT_USAGE,
          'MCP API tokens (tp_…) only work on a workspace’s MCP URL. Create a personal access token under Account → Personal access tokens.',
        );
      const client = connectApi(ctx.apiUrl, token);
      const me = await withProgress(`Checking the token with ${client.apiUrl}…`, () =>
        client.get<Me>('/api/v1/me'),
      );
      const path = await writeConfig(env.configHome, { apiUrl: client.apiUrl, token });
      if (ctx.json) printJson({ user: me, apiUrl: client.apiUrl, configPath: path });
      else printNote(`Logged in to ${client.apiUrl} as ${me.email}. Token saved in ${path}.`);
      if (env.token)
        printNote('Note: TOOLPLANE_TOKEN is set in this shell and takes precedence over it.');
    });
}
