import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveKeys } from './dev-keys';
import { findFreePort } from './find-free-port';
import { LauncherError } from './launcher-error';
import { startEmbeddedPostgres } from './start-embedded-postgres';

const scratch = mkdtempSync(path.join(tmpdir(), 'toolplane-launcher-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('resolveKeys', () => {
  it('generates missing development keys once, keeps them private, and reuses them', () => {
    const file = path.join(scratch, 'keys-a.json');
    const first = resolveKeys({}, file);
    expect(first.generated).toEqual([
      'TOOLPLANE_MASTER_KEY',
      'AUTH_SECRET',
      'TOOLPLANE_RUNTIME_SIGNING_KEY',
    ]);
    expect(Buffer.from(first.keys.TOOLPLANE_MASTER_KEY, 'base64')).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = resolveKeys({}, file);
    expect(second.generated).toEqual([]);
    expect(second.keys).toEqual(first.keys);
  });

  it('prefers keys from the environment and stores only what it generated', () => {
    const file = path.join(scratch, 'keys-b.json');
    const { keys, generated } = resolveKeys({ AUTH_SECRET: 'x'.repeat(40) }, file);
    expect(keys.AUTH_SECRET).toBe('x'.repeat(40));
    expect(generated).not.toContain('AUTH_SECRET');
    expect(readFileSync(file, 'utf8')).not.toContain('x'.repeat(40));
  });

  it('never generates keys in production and names what is missing', () => {
    const file = path.join(scratch, 'keys-c.json');
    expect(() =>
      resolveKeys({ TOOLPLANE_MODE: 'production', AUTH_SECRET: 'y'.repeat(40) }, file),
    ).toThrowError(/TOOLPLANE_MASTER_KEY, TOOLPLANE_RUNTIME_SIGNING_KEY are not set/);
  });
});

describe('startEmbeddedPostgres', () => {
  it('says which port is taken instead of failing obscurely', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const attempt = startEmbeddedPostgres({
        dataDir: path.join(scratch, 'pg-port'),
        port,
        persistent: false,
      });
      await expect(attempt).rejects.toThrowError(LauncherError);
      await expect(attempt).rejects.toThrowError(new RegExp(`Port ${port} is already in use`));
    } finally {
      server.close();
    }
  });

  // Only root hands the cluster to the `postgres` OS user; elsewhere the folder is always reachable.
  it.skipIf(userInfo().uid !== 0)(
    'explains a data folder the postgres user cannot reach (root only)',
    async () => {
      const privateDir = mkdtempSync(path.join(tmpdir(), 'toolplane-private-')); // mode 0700
      try {
        const attempt = startEmbeddedPostgres({
          dataDir: path.join(privateDir, 'pg'),
          port: await findFreePort(),
          persistent: false,
        });
        await expect(attempt).rejects.toThrowError(/cannot reach it/);
      } finally {
        rmSync(privateDir, { recursive: true, force: true });
      }
    },
  );
});
