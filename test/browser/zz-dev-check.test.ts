import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createRuntimeFixture } from '@toolplane/runtime/test-support';
import { it } from 'vitest';

it('dev check', async () => {
  const fixture = await createRuntimeFixture();
  const port = 3917;
  const web = spawn(process.execPath, [join(import.meta.dirname, '../../node_modules/next/dist/bin/next'), 'dev', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: join(import.meta.dirname, '../../apps/web'),
    env: { PATH: process.env.PATH ?? '', NEXT_TELEMETRY_DISABLED: '1', DATABASE_URL: fixture.database.url, TOOLPLANE_MASTER_KEY: fixture.masterKey, AUTH_SECRET: randomBytes(32).toString('hex'), TOOLPLANE_RUNTIME_SIGNING_KEY: Buffer.from(fixture.signingKey).toString('base64') },
    stdio: 'inherit',
  });
  try {
    await new Promise((r) => setTimeout(r, 8000));
    await new Promise<void>((resolve, reject) => {
      const shot = spawn(process.execPath, [join(import.meta.dirname, 'zz-devshot.mjs')], { env: { ...process.env, BASE_URL: `http://127.0.0.1:${port}` }, stdio: 'inherit', cwd: join(import.meta.dirname, '../..') });
      shot.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`shot ${code}`))));
    });
  } finally {
    web.kill('SIGTERM');
    await fixture.close();
  }
}, 540_000);
