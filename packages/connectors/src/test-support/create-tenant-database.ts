import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';

export interface TenantDatabase {
  readonly name: string;
  readonly url: string;
  drop(): Promise<void>;
}

function tenantName(): string {
  return `tp_t_${randomBytes(5).toString('hex')}`;
}

function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A tenant's PostgreSQL database for a test, on the same server as the control plane under its
 * own name (`tp_t_<random>`), with `setupSql` run in it. Drop it after.
 */
export async function createTenantPostgres(
  adminUrl: string,
  setupSql = '',
): Promise<TenantDatabase> {
  const name = tenantName();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  if (setupSql) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(setupSql);
    } finally {
      await client.end();
    }
  }
  return {
    name,
    url,
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      try {
        await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await again.end();
      }
    },
  };
}

/** The same for MySQL/MariaDB (`setupSql` may hold several statements). */
export async function createTenantMysql(serverUrl: string, setupSql = ''): Promise<TenantDatabase> {
  const name = tenantName();
  const admin = await mysql.createConnection({ uri: serverUrl, multipleStatements: true });
  try {
    await admin.query(`CREATE DATABASE \`${name}\``);
    if (setupSql) {
      await admin.query(`USE \`${name}\`; ${setupSql}`);
    }
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(serverUrl, name),
    async drop() {
      const again = await mysql.createConnection({ uri: serverUrl });
      try {
        await again.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await again.end();
      }
    },
  };
}
