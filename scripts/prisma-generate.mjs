#!/usr/bin/env node
// Generates the Prisma client for prisma/schema.prisma into packages/db/src/generated/prisma.
//
// Cheap to call before every task: it skips generation when the inputs (schema, Prisma config,
// Prisma version, this script) hash to the value stored next to the output. `--force` always
// regenerates. Works from any cwd and on a fresh clone (after `npm install`).
//
// `prisma generate` needs no schema engine, but the CLI insists on finding one and would try to
// download it from Prisma's servers; pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file
// (MACHINE.md) keeps it offline.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dbPackage = path.join(root, 'packages', 'db');
const schemaPath = path.join(root, 'prisma', 'schema.prisma');
const configPath = path.join(dbPackage, 'prisma.config.ts');
const generatedDir = path.join(dbPackage, 'src', 'generated');
const outputDir = path.join(generatedDir, 'prisma');
const hashFile = path.join(generatedDir, '.schema-hash');

const require = createRequire(path.join(dbPackage, 'package.json'));
const prismaPackageJson = require.resolve('prisma/package.json');
const prismaPackage = JSON.parse(readFileSync(prismaPackageJson, 'utf8'));
const prismaCli = path.join(path.dirname(prismaPackageJson), prismaPackage.bin.prisma);

const hash = createHash('sha256');
for (const file of [schemaPath, configPath, fileURLToPath(import.meta.url)]) {
  hash.update(readFileSync(file));
  hash.update('\0');
}
hash.update(prismaPackage.version);
const digest = hash.digest('hex');

const force = process.argv.includes('--force');
const upToDate =
  existsSync(hashFile) &&
  readFileSync(hashFile, 'utf8').trim() === digest &&
  existsSync(path.join(outputDir, 'client.ts'));

if (upToDate && !force) {
  console.log('[prisma-generate] schema unchanged, client is up to date');
  process.exit(0);
}

const engine = process.env.PRISMA_SCHEMA_ENGINE_BINARY;
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: engine && existsSync(engine) ? engine : process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};

const result = spawnSync(
  process.execPath,
  [prismaCli, 'generate', '--schema', schemaPath, '--config', configPath, '--no-hints'],
  { cwd: dbPackage, env, stdio: 'inherit' },
);
if (result.error) {
  console.error(`[prisma-generate] could not run the Prisma CLI: ${result.error.message}`);
  process.exit(1);
}
if (result.status !== 0) {
  console.error(`[prisma-generate] prisma generate failed (exit ${result.status})`);
  process.exit(result.status ?? 1);
}

mkdirSync(generatedDir, { recursive: true });
const temporary = `${hashFile}.${process.pid}`;
writeFileSync(temporary, `${digest}\n`);
renameSync(temporary, hashFile);
console.log(`[prisma-generate] generated ${path.relative(root, outputDir)}`);
