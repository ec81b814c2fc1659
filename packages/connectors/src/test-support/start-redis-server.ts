import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { freePort } from './free-port';

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** Stops the server (SIGKILL: as abrupt as a crash). */
  stop(): Promise<void>;
  /** Starts it again on the same port (after stop). */
  restart(): Promise<void>;
}

/**
 * A private redis-server on a random loopback port, for tests that stop Redis mid-run (the
 * shared server on 6379 must never be stopped or flushed). No persistence.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
      ],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      if (await answers(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`redis-server on port ${port} did not start`);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
    restart: start,
  };
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
  });
}
