import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface Supervised {
  name: string;
  child: ChildProcess;
  alive(): boolean;
  exited: Promise<number | null>;
  stop(timeoutMs?: number): Promise<void>;
}

/** Spawns a long-running child whose output lines are prefixed with its name. */
export function supervise(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Supervised {
  // detached: the child leads its own process group, so Ctrl-C in the terminal reaches only the
  // launcher, which then stops each child in order (runtime drains, PostgreSQL stops last).
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let running = true;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      running = false;
      resolve(code);
    });
    child.once('error', (error) => {
      running = false;
      process.stderr.write(`[${name}] failed to start: ${error.message}\n`);
      resolve(null);
    });
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      process.stdout.write(`[${name}] ${line}\n`);
    });
  }
  return {
    name,
    child,
    alive: () => running,
    exited,
    async stop(timeoutMs = 10_000) {
      if (!running || child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        if (running && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      }, timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
