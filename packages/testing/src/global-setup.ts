import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyMigrations } from '@toolplane/db/migrator';
import { findFreePort, startEmbeddedPostgres } from '@toolplane/launcher';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import './provided-context';
import { probeMysql, probeRedis } from './probe-services';
import { databaseUrl, dropRunDatabases, quoteIdent } from './test-database-names';

/**
 * Runs once per `vitest run`: finds or starts PostgreSQL, builds one migrated template database
 * that each suite clones, and finds Redis and MySQL. Under CI=true a missing service fails the
 * run; elsewhere its suites are skipped with the reason.
 */
export default async function setup(project: TestProject) {
  const ci = process.env.CI === 'true';
  const runId =
    process.env.TP_TEST_RUN_ID ??
    `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const cleanups: (() => Promise<void>)[] = [];

  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    if (ci) throw new Error('CI=true but DATABASE_URL is not set: the PostgreSQL suites need it.');
    const dataDir = path.join(tmpdir(), `toolplane-test-pg-${runId}`);
    await mkdir(dataDir, { recursive: true, mode: 0o755 });
    const port = await findFreePort();
    const embedded = await startEmbeddedPostgres({ dataDir, port, persistent: false });
    console.log(`[test] DATABASE_URL unset: started embedded PostgreSQL on port ${port}`);
    adminUrl = embedded.adminUrl;
    cleanups.push(async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    });
  }

  const template = `tp_test_${runId}_tpl`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${quoteIdent(template)}`);
  } finally {
    await admin.end();
  }
  await applyMigrations({ databaseUrl: databaseUrl(adminUrl, template) });
  const finalAdminUrl = adminUrl;
  cleanups.unshift(() => dropRunDatabases(finalAdminUrl, runId));

  const redis = await probeRedis(process.env.REDIS_URL);
  const mysql = await probeMysql(process.env.MYSQL_URL);
  for (const [name, service] of [
    ['Redis', redis],
    ['MySQL', mysql],
  ] as const) {
    if (service.url) continue;
    if (ci) throw new Error(`CI=true but ${name} is unavailable: ${service.reason}`);
    console.warn(`[test] ${name} suites will be skipped: ${service.reason}`);
  }

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplateDatabase', template);
  project.provide('runId', runId);
  project.provide('redis', redis);
  project.provide('mysql', mysql);

  return async () => {
    for (const cleanup of cleanups)
      await cleanup().catch((error) => console.error('[test] cleanup failed:', error));
  };
}
