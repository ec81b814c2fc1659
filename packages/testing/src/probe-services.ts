import { connect } from 'node:net';
import type { ServiceAvailability } from './provided-context';

function hostPort(url: string, defaultPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || defaultPort) };
}

/** Opens a TCP connection, optionally writes `hello`, resolves with the first bytes read. */
function talk(host: string, port: number, hello: string | null, timeoutMs = 1500): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`no answer from ${host}:${port} within ${timeoutMs} ms`));
    });
    socket.once('error', (error) => reject(new Error(`${host}:${port}: ${error.message}`)));
    socket.once('connect', () => {
      if (hello) socket.write(hello);
    });
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString('latin1'));
    });
  });
}

export async function probeRedis(configured: string | undefined): Promise<ServiceAvailability> {
  const url = configured ?? 'redis://127.0.0.1:6379';
  const { host, port } = hostPort(url, 6379);
  try {
    const answer = await talk(host, port, 'PING\r\n');
    // +PONG, or -NOAUTH when the URL carries a password the probe does not send: still a Redis.
    if (answer.startsWith('+PONG') || answer.startsWith('-NOAUTH')) return { url, reason: null };
    return { url: null, reason: `${host}:${port} did not answer PING like Redis` };
  } catch (error) {
    const how = configured ? 'REDIS_URL' : 'REDIS_URL is unset and the default';
    return {
      url: null,
      reason: `${how} ${host}:${port} is unreachable (${(error as Error).message})`,
    };
  }
}

export async function probeMysql(configured: string | undefined): Promise<ServiceAvailability> {
  const url = configured ?? 'mysql://root@127.0.0.1:3306';
  const { host, port } = hostPort(url, 3306);
  try {
    // A MySQL/MariaDB server speaks first: a handshake packet whose protocol byte is 10.
    const answer = await talk(host, port, null);
    if (answer.charCodeAt(4) === 10) return { url, reason: null };
    return { url: null, reason: `${host}:${port} did not greet like MySQL` };
  } catch (error) {
    const how = configured ? 'MYSQL_URL' : 'MYSQL_URL is unset and the default';
    return {
      url: null,
      reason: `${how} ${host}:${port} is unreachable (${(error as Error).message})`,
    };
  }
}
