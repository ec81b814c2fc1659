import { normalizeHostname } from '@toolplane/net-policy';

type Rule = { host: string; wildcard: boolean; port: string | null };

function parseRule(entry: string): Rule | null {
  const text = entry.trim().toLowerCase();
  if (!text) return null;
  const wildcard = text.startsWith('*.');
  const rest = wildcard ? text.slice(2) : text;
  let url: URL;
  try {
    url = new URL(`http://${rest}`);
  } catch {
    return null;
  }
  if (url.pathname !== '/' || url.search || url.hash || url.username) return null;
  // URL drops a port equal to the scheme's default, so read an explicit one from the entry.
  const port = url.port || /:(\d+)$/.exec(rest)?.[1] || null;
  return {
    host: normalizeHostname(url.hostname),
    wildcard,
    port: port === null ? null : String(Number(port)),
  };
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/**
 * Whether a URL's host is on the workspace's egress allow-list. Entries are host names or IP
 * literals, optionally with a port (`api.example.com:8443`, `[::1]:8080`); `*.example.com`
 * matches subdomains, not `example.com` itself. An entry without a port allows any port. The
 * allow-list says which hosts a tenant meant to reach; whether their addresses may be reached at
 * all is the address policy's decision, made after it.
 */
export function isEgressAllowed(url: URL, allowList: readonly string[]): boolean {
  const host = normalizeHostname(url.hostname);
  const port = defaultPort(url);
  for (const entry of allowList) {
    const rule = parseRule(entry);
    if (!rule) continue;
    const hostMatches = rule.wildcard ? host.endsWith(`.${rule.host}`) : host === rule.host;
    if (hostMatches && (rule.port === null || rule.port === port)) return true;
  }
  return false;
}
