import type { DenyEntry, Resolver } from '@toolplane/net-policy';

/**
 * The control plane's own services as deny entries for tenant connectors (DESIGN §4): its
 * PostgreSQL (host, port and database name) and its Redis (host, port and index). A host name is
 * entered as itself and as every address it resolves to now, since the policy compares a
 * connector's resolved address with the entries' addresses.
 */
export async function controlPlaneDenyList(
  urls: { databaseUrl: string; redisUrl: string | undefined },
  resolver: Resolver,
): Promise<DenyEntry[]> {
  const entries: DenyEntry[] = [];
  const add = async (raw: string, defaultPort: number, database: string | number) => {
    const url = new URL(raw);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = url.port === '' ? defaultPort : Number(url.port);
    entries.push({ host, port, database });
    try {
      for (const { address } of await resolver(host))
        entries.push({ host: address, port, database });
    } catch {
      // Unresolvable now: the name entry still refuses connectors naming the same host.
    }
  };
  const db = new URL(urls.databaseUrl);
  await add(
    urls.databaseUrl,
    5432,
    decodeURIComponent(db.pathname.replace(/^\//, '')) || 'postgres',
  );
  if (urls.redisUrl) {
    const redis = new URL(urls.redisUrl);
    await add(urls.redisUrl, 6379, Number(redis.pathname.replace(/^\//, '') || 0));
  }
  return entries;
}
