import { defineConfig } from 'prisma/config';

// Prisma CLI configuration (Prisma 7 reads the connection URL here, not from the schema).
// `prisma generate` needs no database; `prisma migrate deploy` — where a schema engine can be
// had — uses DATABASE_URL. Toolplane itself applies migrations with its own migrator
// (src/migrator.ts), which keeps Prisma's _prisma_migrations table so both agree.
export default defineConfig({
  schema: '../../prisma/schema.prisma',
  migrations: { path: '../../prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? '' },
});
