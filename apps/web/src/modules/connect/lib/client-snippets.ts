/** The placeholder the snippets carry until a token is created on the page (tokens show once). */
export const TOKEN_PLACEHOLDER = '<YOUR_TOOLPLANE_TOKEN>';

export type ClientSnippet = {
  id: 'claude-code' | 'cursor' | 'vscode' | 'claude-desktop' | 'curl';
  label: string;
  /** Where the text goes, in one line. */
  where: string;
  language: 'shell' | 'json';
  text: string;
};

/** The workspace's MCP endpoint on the runtime: `<runtime>/t/<slug>/mcp`. */
export function mcpUrl(runtimeUrl: string, slug: string): string {
  return `${runtimeUrl.replace(/\/+$/, '')}/t/${encodeURIComponent(slug)}/mcp`;
}

/** mcp-remote expands `${AUTH_HEADER}` from env: npx mangles spaces inside args on Windows. */
const AUTH_HEADER_ARG = ['Authorization:$', '{AUTH_HEADER}'].join('');

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** A shell-safe single-quoted word. */
const sq = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * Ready-to-paste configuration for each client. The server name is the workspace slug, so two
 * workspaces can be added side by side.
 */
export function clientSnippets(input: {
  url: string;
  slug: string;
  token?: string | undefined;
}): ClientSnippet[] {
  const token = input.token ?? TOKEN_PLACEHOLDER;
  const name = `toolplane-${input.slug}`;
  const bearer = `Bearer ${token}`;
  return [
    {
      id: 'claude-code',
      label: 'Claude Code',
      where: 'Run in a terminal.',
      language: 'shell',
      text: `claude mcp add --transport http ${name} ${sq(input.url)} \\\n  --header ${sq(`Authorization: ${bearer}`)}`,
    },
    {
      id: 'cursor',
      label: 'Cursor',
      where: 'Add to ~/.cursor/mcp.json (or .cursor/mcp.json in a project).',
      language: 'json',
      text: json({
        mcpServers: { [name]: { url: input.url, headers: { Authorization: bearer } } },
      }),
    },
    {
      id: 'vscode',
      label: 'VS Code',
      where: 'Add to .vscode/mcp.json in your project.',
      language: 'json',
      text: json({
        servers: { [name]: { type: 'http', url: input.url, headers: { Authorization: bearer } } },
      }),
    },
    {
      id: 'claude-desktop',
      label: 'Claude Desktop',
      where:
        'Add to claude_desktop_config.json. Claude Desktop needs the mcp-remote bridge to send a static token.',
      language: 'json',
      text: json({
        mcpServers: {
          [name]: {
            command: 'npx',
            args: ['-y', 'mcp-remote', input.url, '--header', AUTH_HEADER_ARG],
            env: { AUTH_HEADER: bearer },
          },
        },
      }),
    },
    {
      id: 'curl',
      label: 'curl',
      where: 'Lists the tools this token may call.',
      language: 'shell',
      text: [
        `curl -sS ${sq(input.url)}`,
        `  -H ${sq(`Authorization: ${bearer}`)}`,
        `  -H 'Content-Type: application/json'`,
        `  -H 'Accept: application/json, text/event-stream'`,
        `  -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'`,
      ].join(' \\\n'),
    },
  ];
}
