import { describe, expect, it } from 'vitest';
import { clientSnippets, mcpUrl, TOKEN_PLACEHOLDER } from './client-snippets';

const url = mcpUrl('http://127.0.0.1:4000/', 'acme');

describe('client snippets', () => {
  it('builds the MCP URL from the runtime URL and slug', () => {
    expect(url).toBe('http://127.0.0.1:4000/t/acme/mcp');
  });

  it('carries a placeholder until a token is given, then the token in every snippet', () => {
    const placeholder = clientSnippets({ url, slug: 'acme' });
    expect(placeholder.map((s) => s.id)).toEqual([
      'claude-code',
      'cursor',
      'vscode',
      'claude-desktop',
      'curl',
    ]);
    for (const s of placeholder) expect(s.text, s.id).toContain(TOKEN_PLACEHOLDER);
    for (const s of clientSnippets({ url, slug: 'acme', token: 'tp_abc' })) {
      expect(s.text, s.id).toContain('Bearer tp_abc');
      expect(s.text, s.id).toContain(url);
    }
  });

  it('gives JSON clients valid JSON, and Claude Desktop the mcp-remote --header bridge', () => {
    const snippets = clientSnippets({ url, slug: 'acme', token: 'tp_abc' });
    for (const s of snippets.filter((s) => s.language === 'json')) JSON.parse(s.text);
    const desktop = JSON.parse(snippets.find((s) => s.id === 'claude-desktop')!.text);
    const server = desktop.mcpServers['toolplane-acme'];
    expect(server.args).toEqual([
      '-y',
      'mcp-remote',
      url,
      '--header',
      ['Authorization:$', '{AUTH_HEADER}'].join(''),
    ]);
    expect(server.env.AUTH_HEADER).toBe('Bearer tp_abc');
    const vscode = JSON.parse(snippets.find((s) => s.id === 'vscode')!.text);
    expect(vscode.servers['toolplane-acme']).toMatchObject({ type: 'http', url });
  });
});
