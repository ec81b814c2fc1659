import { createServer } from 'node:net';

/** Asks the kernel for a free loopback port (there is a small race until someone binds it). */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** True when something accepts TCP connections on host:port within timeoutMs. */
export function isPortAnswering(
  port: number,
  host = '127.0.0.1',
  timeoutMs = 500,
): Promise<boolean> {
  return import('node:net').then(
    ({ connect }) =>
      new Promise((resolve) => {
        const socket = connect({ port, host });
        const done = (answer: boolean) => {
          socket.destroy();
          resolve(answer);
        };
        socket.setTimeout(timeoutMs, () => done(false));
        socket.once('connect', () => done(true));
        socket.once('error', () => done(false));
      }),
  );
}
