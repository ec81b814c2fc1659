import type { ReactNode } from 'react';
import { Badge } from '@/modules/ui/components/badge';
import { DataTable, Td } from '@/modules/ui/components/data-table';
import { formatDay, formatRelative } from '@/modules/ui/lib/format-date';

/** What the table shows of a workspace API token or a personal access token. */
type TokenRow = {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
};

function tokenStatus(token: TokenRow, now: Date) {
  if (token.revokedAt) return <Badge tone="danger">Revoked</Badge>;
  if (token.expiresAt && token.expiresAt <= now) return <Badge tone="warning">Expired</Badge>;
  return <Badge tone="success">Active</Badge>;
}

/**
 * Tokens by prefix, never the secret: when each was last used, when it expires, whether it still
 * works, and a revoke button while it does. `access` adds an Access column (workspace API tokens
 * are limited to tools and scopes; personal access tokens act as their user).
 */
export function TokenTable<T extends TokenRow>({
  tokens,
  access,
  revokeButton,
}: {
  tokens: T[];
  access?: (token: T) => ReactNode;
  revokeButton: (token: T) => ReactNode;
}) {
  const now = new Date();
  const head = access
    ? ['Token', 'Access', 'Last used', 'Expires', 'Status', '']
    : ['Token', 'Last used', 'Expires', 'Status', ''];
  return (
    <DataTable head={head}>
      {tokens.map((t) => (
        <tr key={t.id} className={t.revokedAt ? 'opacity-60' : undefined}>
          <Td>
            <div className="font-medium text-zinc-900 dark:text-zinc-100">{t.name}</div>
            <div className="font-mono text-xs whitespace-nowrap text-zinc-500">
              {t.prefix}… · created {formatDay(t.createdAt)}
            </div>
          </Td>
          {access ? <Td className="text-xs">{access(t)}</Td> : null}
          <Td className="text-xs whitespace-nowrap text-zinc-500">
            {t.lastUsedAt ? formatRelative(t.lastUsedAt, now) : 'Never'}
          </Td>
          <Td className="text-xs whitespace-nowrap text-zinc-500">
            {t.expiresAt ? formatDay(t.expiresAt) : 'Never'}
          </Td>
          <Td>{tokenStatus(t, now)}</Td>
          <Td>{t.revokedAt ? null : revokeButton(t)}</Td>
        </tr>
      ))}
    </DataTable>
  );
}
