'use client';

import { ConfirmActionButton } from '@/modules/ui/components/confirm-action-button';
import { revokePersonalAccessTokenAction } from '../actions';

export function RevokePersonalAccessTokenButton({
  tokenId,
  name,
}: {
  tokenId: string;
  name: string;
}) {
  return (
    <ConfirmActionButton
      action={revokePersonalAccessTokenAction}
      fields={{ tokenId }}
      label="Revoke"
      pendingLabel="Revoking…"
      confirmText={`Revoke ${name}? Scripts and the CLI using it are refused from their next request.`}
    />
  );
}
