// `npm test`: lint, type-check and every suite in one command, ending with one plain line that
// sums them all (`N passed, N failed, N skipped`), which is what CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ensureInstalled, ensureNode24, root } from './ensure-install.mjs';

ensureNode24();
ensureInstalled();

const require = createRequire(path.join(root, 'package.json'));
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', TURBO_TELEMETRY_DISABLED: '1' };
const vitestArgs = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(name, command, args) {
  console.log(`\n━━ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  const ok = result.status === 0;
  console.log(
    `━━ ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return ok;
}

function check(name, command, args) {
  if (step(name, command, args)) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(name);
  }
}

const node = process.execPath;
if (!step('generate database client', node, [path.join(root, 'scripts/prisma-generate.mjs')])) {
  console.log('\n0 passed, 1 failed, 0 skipped');
  process.exit(1);
}
// Lint, format and type-check count as one check each in the summary line.
check('lint and format (biome ci)', node, [
  require.resolve('@biomejs/biome/bin/biome'),
  'ci',
  '--colors=off',
  '.',
]);
check('type-check (turbo run typecheck)', node, [
  require.resolve('turbo/bin/turbo'),
  'run',
  'typecheck',
  '--output-logs=errors-only',
]);
// The browser journey drives `next start` on the production build; Turborepo's cache makes
// this cheap when nothing changed.
check('build (turbo run build)', node, [
  require.resolve('turbo/bin/turbo'),
  'run',
  'build',
  '--filter=@toolplane/web',
  '--filter=@toolplane/runtime',
  '--filter=@toolplane/cli',
  '--output-logs=errors-only',
]);

const reportDir = path.join(root, 'test-results');
const report = path.join(reportDir, 'vitest.json');
mkdirSync(reportDir, { recursive: true });
rmSync(report, { force: true });
step('vitest', node, [
  '--no-node-snapshot',
  path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...vitestArgs,
]);
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + json.numTodoTests;
  for (const file of json.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${path.relative(root, file.name)} › ${t.fullName}`);
    // A file that failed to load (syntax error, failing hook) has no failed test to count.
    if (file.status === 'failed' && failedTests.length === 0) {
      totals.failed += 1;
      failures.push(
        `${path.relative(root, file.name)} (suite failed: ${String(file.message ?? '').split('\n')[0]})`,
      );
    }
  }
} else {
  totals.failed += 1;
  failures.push('vitest produced no report (it crashed or its global setup failed; see above)');
}

if (failures.length > 0) {
  console.log('\nFailed:');
  for (const failure of failures) console.log(`  ✗ ${failure}`);
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
