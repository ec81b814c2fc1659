import type { Db } from '../client';
import { type Connector, toConnector } from './connector-types';

export async function getConnectorByName(
  db: Db,
  workspaceId: string,
  name: string,
): Promise<Connector | null> {
  const row = await db.connector.findFirst({ where: { workspaceId, name } });
  return row && toConnector(row);
}
