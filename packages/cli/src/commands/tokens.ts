import type { Command } from 'commander';
import { workspacePath } from '../api-client';
import { createCliContext } from '../cli-context';
import type { CliEnv } from '../cli-env';
import { CliError, EXIT_USAGE } from '../cli-error';
import { formatDate, printJson, printLine, printNote, printTable } from '../output';

interface TokenInfo {
  id: string;
  name: string;
  prefix: string;
  allTools?: boolean;
  toolNames?: string[];
  scopes?: string[];
  createdAt?: string;
  lastUsedAt?: string | null;
  expiresAt?: string | null;
  revokedAt?: string | null;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function status(token: TokenInfo, now = Date.now()): string {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return 'expired';
  return 'active';
}

function parseExpiry(value: string): number | null {
  if (value === 'never') return null;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1)
    throw new CliError(
      `--expires-in-days ${value}: a whole number of days, or "never".`,
      EXIT_USAGE,
    );
  return days;
}

export function registerTokensCommand(program: Command, env: CliEnv): void {
  const tokens = program
    .command('tokens')
    .description('MCP API tokens of a workspace (what agents send to its MCP URL)');
  tokens
    .command('list')
    .description('list the workspace’s API tokens (prefixes only; tokens are shown once)')
    .action(async (_options: object, command: Command) => {
      const ctx = await createCliContext(command.optsWithGlobals(), env);
      const items = await ctx.client().listAll<TokenInfo>(workspacePath(ctx.workspace(), 'tokens'));
      if (ctx.json) return printJson(items);
      printTable(
        ['ID', 'NAME', 'PREFIX', 'TOOLS', 'LAST USED', 'EXPIRES', 'STATUS'],
        items.map((t) => [
          t.id,
          t.name,
          `${t.prefix}…`,
          t.allTools === false ? (t.toolNames ?? []).join(',') : 'all',
          formatDate(t.lastUsedAt) || 'never',
          formatDate(t.expiresAt) || 'never',
          status(t),
        ]),
      );
    });
  tokens
    .command('create')
    .description('mint a token; it is printed once, on stdout')
    .requiredOption('-n, --name <name>', 'who or what uses it, e.g. "CI deploy"')
    .option('--tool <name>', 'allow only this tool (repeatable; default: all tools)', collect, [])
    .option('--scope <scope>', 'a scope for token_scopes policies (repeatable)', collect, [])
    .option('--expires-in-days <days>', 'days until it expires, or "never"', '90')
    .action(
      async (
        options: { name: string; tool: string[]; scope: string[]; expiresInDays: string },
        command: Command,
      ) => {
        const ctx = await createCliContext(command.optsWithGlobals(), env);
        const body = {
          name: options.name,
          allTools: options.tool.length === 0,
          toolNames: options.tool,
          scopes: options.scope,
          expiresInDays: parseExpiry(options.expiresInDays),
        };
        const created = await ctx
          .client()
          .post<{ token: string; tokenInfo: TokenInfo }>(
            workspacePath(ctx.workspace(), 'tokens'),
            body,
          );
        if (ctx.json) return printJson(created);
        printLine(created.token);
        printNote(
          `Created ${created.tokenInfo.name} (${created.tokenInfo.id}). Copy the token now: it is not shown again.`,
        );
      },
    );
  tokens
    .command('revoke <id>')
    .description('revoke a token; clients using it are refused from then on')
    .action(async (id: string, _options: object, command: Command) => {
      const ctx = await createCliContext(command.optsWithGlobals(), env);
      await ctx.client().delete(workspacePath(ctx.workspace(), 'tokens', id));
      if (ctx.json) printJson({ revoked: id });
      else printNote(`Revoked ${id}.`);
    });
}
