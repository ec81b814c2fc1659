// Shared by `npm start` and `npm test`: plain JavaScript, because it runs before any dependency
// (tsx, TypeScript) is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function ensureNode24() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) {
    console.error(
      `Toolplane needs Node.js 24 or newer; this is ${process.version}. ` +
        'Install Node 24 (e.g. `nvm install` reads .nvmrc, or `npm install -g --prefix /opt/node24 node@24` and put /opt/node24/bin first on PATH).',
    );
    process.exit(1);
  }
}

/** Installs dependencies when node_modules is missing or older than package-lock.json. */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const fresh = !existsSync(marker);
  if (!fresh && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log(
    fresh
      ? '• Installing dependencies (first run)'
      : '• package-lock.json changed: updating dependencies',
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // A registry that stalls mid-download (EIDLETIMEOUT, ECONNRESET) fails the whole install even
  // after npm's own per-request retries; a second attempt almost always gets through. `npm ci`
  // starts from an empty node_modules, so repeating it is safe.
  const attempts = 3;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const result = spawnSync(npm, [fresh ? 'ci' : 'install', '--no-audit', '--no-fund'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', TURBO_TELEMETRY_DISABLED: '1' },
    });
    if (result.status === 0) return;
    if (attempt < attempts) {
      console.log(`• Installing dependencies failed; trying again (${attempt + 1} of ${attempts})`);
    }
  }
  console.error(`Installing dependencies failed ${attempts} times; see the npm output above.`);
  process.exit(1);
}

/** Loads TypeScript entry points in-process through tsx (installed by ensureInstalled). */
export async function importTs(relativePath) {
  const { register } = await import('tsx/esm/api');
  register();
  return import(path.join(root, relativePath));
}
