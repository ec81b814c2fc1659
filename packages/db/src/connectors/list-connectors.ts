import type { Db } from '../client';
import { type Connector, toConnector } from './connector-types';

export async function listConnectors(db: Db, workspaceId: string): Promise<Connector[]> {
  const rows = await db.connector.findMany({ where: { workspaceId }, orderBy: { name: 'asc' } });
  return rows.map(toConnector);
}
