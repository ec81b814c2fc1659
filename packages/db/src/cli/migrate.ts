import { databaseEnv, EnvError, parseEnv } from '@toolplane/env';
import { applyMigrations, MigrationError, migrationStatus } from '../migrator';

// `npm run db:migrate` — applies pending migrations; `--status` only reports.

async function main(): Promise<number> {
  let env: { DATABASE_URL: string };
  try {
    env = parseEnv(databaseEnv, process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  if (process.argv.includes('--status')) {
    const status = await migrationStatus({ databaseUrl: env.DATABASE_URL });
    console.log(`applied: ${status.applied.length}, pending: ${status.pending.length}`);
    for (const name of status.pending) console.log(`  pending  ${name}`);
    for (const name of status.unknown) console.log(`  unknown  ${name} (not in prisma/migrations)`);
    for (const problem of status.problems) console.error(`  problem  ${problem}`);
    return status.ok ? 0 : 1;
  }

  const { applied } = await applyMigrations({
    databaseUrl: env.DATABASE_URL,
    log: (message) => console.log(`[migrate] ${message}`),
  });
  if (applied.length === 0) console.log('[migrate] database is up to date');
  else console.log(`[migrate] applied ${applied.length}: ${applied.join(', ')}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof MigrationError) console.error(`[migrate] ${error.message}`);
    else console.error('[migrate] failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
