'use client';

import { ConfirmActionButton } from '@/modules/ui/components/confirm-action-button';
import { deleteConnectorAction } from '../actions';

export function DeleteConnectorButton({
  slug,
  id,
  name,
}: {
  slug: string;
  id: string;
  name: string;
}) {
  return (
    <ConfirmActionButton
      action={deleteConnectorAction}
      fields={{ workspace: slug, connectorId: id }}
      label="Delete"
      pendingLabel="Deleting…"
      confirmText={`Delete connector ${name}? Tools using it must be moved first.`}
      size="sm"
    />
  );
}
