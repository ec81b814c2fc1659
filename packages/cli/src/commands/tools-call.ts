import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Command } from 'commander';
import { workspacePath } from '../api-client';
import { createCliContext, USER_AGENT } from '../cli-context';
import type { CliEnv } from '../cli-env';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from '../cli-error';
import { printJson, printLine } from '../output';
import { withProgress } from '../progress';

interface RuntimeToken {
  token: string;
  expiresAt: string;
  mcpUrl: string;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/**
 * `--json-input` first, then each `--input k=v` on top. A value that parses as JSON (2, true,
 * ["a"]) is sent as that; anything else as the string typed.
 */
export function parseToolArguments(jsonInput: string | undefined, pairs: string[]) {
  let args: Record<string, unknown> = {};
  if (jsonInput !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(jsonInput);
    } catch (error) {
      throw new CliError(`--json-input is not valid JSON: ${(error as Error).message}`, EXIT_USAGE);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new CliError('--json-input must be a JSON object, e.g. {"id": 2}.', EXIT_USAGE);
    args = parsed as Record<string, unknown>;
  }
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0)
      throw new CliError(`--input ${pair}: expected name=value, e.g. --input id=2.`, EXIT_USAGE);
    const raw = pair.slice(at + 1);
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {}
    args[pair.slice(0, at)] = value;
  }
  return args;
}

function contentText(result: CallToolResult): string {
  return result.content
    .map((part) => (part.type === 'text' ? part.text : JSON.stringify(part)))
    .join('\n');
}

export function registerToolsCallCommand(tools: Command, env: CliEnv): void {
  tools
    .command('call <name>')
    .description('call a tool through the workspace’s MCP endpoint, as you')
    .option(
      '-i, --input <name=value>',
      'an argument (repeatable); values parse as JSON when they can',
      collect,
      [],
    )
    .option('--json-input <object>', 'all arguments as one JSON object')
    .addHelpText(
      'after',
      `
Exchanges your personal access token for a short-lived runtime token, then calls the tool with
the MCP SDK. Exits 1 when the tool reports an error.
  toolplane tools call get_customer --workspace acme --input id=2`,
    )
    .action(
      async (name: string, options: { input: string[]; jsonInput?: string }, command: Command) => {
        const ctx = await createCliContext(command.optsWithGlobals(), env);
        const args = parseToolArguments(options.jsonInput, options.input);
        const workspace = ctx.workspace();
        const client = ctx.client();
        const runtime = await withProgress('Getting a runtime token…', () =>
          client.post<RuntimeToken>(workspacePath(workspace, 'runtime-tokens'), {}),
        );
        const result = await withProgress(`Calling ${name}…`, () => callTool(runtime, name, args));
        if (ctx.json) printJson(result);
        else if (result.isError) process.stderr.write(`${contentText(result)}\n`);
        else printLine(contentText(result));
        if (result.isError) {
          if (!ctx.json) process.stderr.write(`error: ${name} failed.\n`);
          process.exitCode = EXIT_FAILURE;
        }
      },
    );
}

async function callTool(
  runtime: RuntimeToken,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  // Loaded here, not at start-up: the SDK is most of the CLI's start time and only `call` needs it.
  const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  const mcp = new Client({ name: 'toolplane-cli', version: '0.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(runtime.mcpUrl), {
    requestInit: {
      headers: { Authorization: `Bearer ${runtime.token}`, 'User-Agent': USER_AGENT },
    },
  });
  try {
    await mcp.connect(transport);
  } catch (error) {
    throw new CliError(
      `Could not open an MCP session at ${runtime.mcpUrl}: ${(error as Error).message}`,
    );
  }
  try {
    return (await mcp.callTool({ name, arguments: args })) as CallToolResult;
  } catch (error) {
    // A protocol-level error (the workspace answers errors as JSON-RPC errors, or an unknown tool).
    throw new CliError(`${name}: ${(error as Error).message.replace(/^MCP error -?\d+: /, '')}`);
  } finally {
    await mcp.close().catch(() => undefined);
  }
}
