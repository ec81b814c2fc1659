'use client';

import { ConfirmActionButton } from '@/modules/ui/components/confirm-action-button';
import { revokeTokenAction } from '../actions';

export function RevokeTokenButton({
  slug,
  tokenId,
  name,
}: {
  slug: string;
  tokenId: string;
  name: string;
}) {
  return (
    <ConfirmActionButton
      action={revokeTokenAction}
      fields={{ workspace: slug, tokenId }}
      label="Revoke"
      pendingLabel="Revoking…"
      confirmText={`Revoke ${name}? Clients using it are refused within a second.`}
    />
  );
}
