import type { Db } from '../client';
import { type Connector, toConnector } from './connector-types';

export async function getConnector(
  db: Db,
  workspaceId: string,
  connectorId: string,
): Promise<Connector | null> {
  const row = await db.connector.findFirst({ where: { id: connectorId, workspaceId } });
  return row && toConnector(row);
}
