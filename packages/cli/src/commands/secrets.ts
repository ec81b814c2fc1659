import type { Command } from 'commander';
import { workspacePath } from '../api-client';
import { createCliContext } from '../cli-context';
import type { CliEnv } from '../cli-env';
import { formatDate, printJson, printNote, printTable } from '../output';
import { readSecretInput } from '../read-secret-input';

interface SecretItem {
  name: string;
  description?: string;
  version?: number;
  updatedAt?: string;
}

export function registerSecretsCommand(program: Command, env: CliEnv): void {
  const secrets = program
    .command('secrets')
    .description('workspace secrets (values can be set, never read back)');
  secrets
    .command('list')
    .description('list secret names')
    .action(async (_options: object, command: Command) => {
      const ctx = await createCliContext(command.optsWithGlobals(), env);
      const items = await ctx
        .client()
        .listAll<SecretItem>(workspacePath(ctx.workspace(), 'secrets'));
      if (ctx.json) return printJson(items);
      printTable(
        ['NAME', 'VERSION', 'UPDATED', 'DESCRIPTION'],
        items.map((s) => [
          s.name,
          s.version === undefined ? '' : String(s.version),
          formatDate(s.updatedAt),
          s.description,
        ]),
      );
    });
  secrets
    .command('set <name>')
    .description('create or rotate a secret; the value is read from stdin, never an argument')
    .addHelpText(
      'after',
      `
  printf %s "$DB_PASSWORD" | toolplane secrets set DB_PASSWORD --workspace acme
  toolplane secrets set DB_PASSWORD --workspace acme < password.txt
At a terminal the value is asked for at a hidden prompt. One trailing newline is dropped.`,
    )
    .action(async (name: string, _options: object, command: Command) => {
      const ctx = await createCliContext(command.optsWithGlobals(), env);
      const workspace = ctx.workspace();
      const client = ctx.client();
      const value = await readSecretInput(
        'Secret value',
        `printf %s "$VALUE" | toolplane secrets set ${name}`,
      );
      const saved = await client.put<SecretItem | undefined>(
        workspacePath(workspace, 'secrets', name),
        { value },
      );
      if (ctx.json) printJson(saved ?? { name });
      else printNote(`Saved secret ${name} in ${workspace}.`);
    });
}
