import pg from 'pg';
import { CHANGE_CHANNEL, type ChangeNotification, parseChangeNotification } from './notify';

export interface ListenForChangesOptions {
  databaseUrl: string;
  onChange: (change: ChangeNotification) => void;
  /**
   * Called after the connection was lost and re-established: notifications sent meanwhile are
   * gone, so the caller must drop (or re-read) everything it caches (DESIGN §1).
   */
  onReconnect?: () => void;
  onError?: (error: Error) => void;
  /** First retry delay; doubles up to 5 s. */
  retryDelayMs?: number;
}

export interface ChangeListener {
  readonly connected: boolean;
  close(): Promise<void>;
}

const MAX_RETRY_DELAY_MS = 5_000;

/**
 * One dedicated LISTEN connection on CHANGE_CHANNEL (not from a pool: a pooled connection would
 * be handed to queries and lose the subscription). Reconnects with backoff forever until closed.
 * Resolves once listening; rejects if the first connection fails.
 */
export async function listenForChanges(options: ListenForChangesOptions): Promise<ChangeListener> {
  const baseDelay = options.retryDelayMs ?? 100;
  let client: pg.Client | null = null;
  let closed = false;
  let connected = false;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: 'toolplane-listener',
      // Detect a silently dropped connection (NAT, failover) instead of waiting forever.
      keepAlive: true,
    });
    next.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL) return;
      const change = parseChangeNotification(message.payload);
      if (change) options.onChange(change);
    });
    next.on('error', (error) => {
      options.onError?.(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    client = next;
    connected = true;
  };

  const lost = (which: pg.Client) => {
    if (which !== client || closed) return;
    client = null;
    connected = false;
    which.end().catch(() => {});
    retry(baseDelay);
  };

  const retry = (delay: number) => {
    timer = setTimeout(async () => {
      timer = null;
      if (closed) return;
      try {
        await connect();
        if (closed) {
          await client?.end().catch(() => {});
          return;
        }
        options.onReconnect?.();
      } catch (error) {
        options.onError?.(error as Error);
        retry(Math.min(delay * 2, MAX_RETRY_DELAY_MS));
      }
    }, delay);
    timer.unref?.();
  };

  await connect();
  return {
    get connected() {
      return connected;
    },
    async close() {
      closed = true;
      connected = false;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
