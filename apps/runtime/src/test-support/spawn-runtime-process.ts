import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { freePort } from '@toolplane/connectors/test-support';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export interface RuntimeProcess {
  readonly url: string;
  output(): string;
  stop(): Promise<void>;
}

/** The real entry point (src/main.ts) in a child process, as `npm run dev` runs it. */
export async function spawnRuntimeProcess(env: Record<string, string>): Promise<RuntimeProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--no-node-snapshot', '--import', 'tsx', 'apps/runtime/src/main.ts'],
    {
      cwd: repoRoot,
      env: {
        PATH: path.dirname(process.execPath),
        RUNTIME_HOST: '127.0.0.1',
        RUNTIME_PORT: String(port),
        ...env,
      },
      stdio: 'pipe',
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 30_000;
  while (!output.includes('runtime listening')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`runtime process did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
