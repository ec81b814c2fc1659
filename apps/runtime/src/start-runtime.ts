import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import { createConnectorPools } from '@toolplane/connectors';
import { parseMasterKey } from '@toolplane/crypto';
import { copyInvocationsSql, createDb, createKeyring } from '@toolplane/db';
import type { Resolver } from '@toolplane/net-policy';
import { systemResolver } from '@toolplane/net-policy/system-resolver';
import { type CachePort, createJwksCache, type ScriptRunnerPort } from '@toolplane/pipeline';
import { createRedisClient, type Redis } from '@toolplane/redis';
import pg from 'pg';
import { createTokenAuthenticator } from './auth/create-token-authenticator';
import { createTokenUseRecorder } from './auth/create-token-use-recorder';
import { createMemoryCache } from './cache/create-memory-cache';
import { createRedisCache } from './cache/create-redis-cache';
import { controlPlaneDenyList } from './control-plane-deny-list';
import { createReadinessCheck } from './create-readiness-check';
import { createReadinessPool } from './create-readiness-pool';
import { createJwksFetcher } from './http/create-jwks-fetcher';
import { createOriginPolicy } from './http/origin-policy';
import { createInvocationLog } from './invocations/create-invocation-log';
import { toInvocationEntry } from './invocations/to-invocation-entry';
import { createMemoryRateLimiter } from './limits/create-memory-rate-limiter';
import { createRedisRateLimiter } from './limits/create-redis-rate-limiter';
import type { RateLimiter } from './limits/rate-limiter';
import type { Logger } from './logger';
import { createMcpRoutes } from './mcp/create-mcp-routes';
import { createMetricsRegistry } from './metrics/create-metrics-registry';
import { metricsRoutes } from './metrics/metrics-routes';
import { createRuntimeMetrics } from './metrics/runtime-metrics';
import { createPipelinePorts } from './ports/create-pipeline-ports';
import { createSandboxScriptRunner } from './ports/create-sandbox-script-runner';
import { createWorkspaceRegistry } from './registry/create-workspace-registry';
import { startChangeListener } from './registry/start-change-listener';
import { createServer } from './server';

export interface RuntimeOptions {
  readonly databaseUrl: string;
  /** Base64 master keys: the current one first, then any previous one (during a rotation). */
  readonly masterKeys: readonly string[];
  /** The 32-byte key runtime tokens (`tps_…`) are signed with. */
  readonly signingKey: Uint8Array;
  /** Result cache and shared rate limits; without it both live in this process's memory. */
  readonly redisUrl?: string | undefined;
  /** Prefix of every Redis key the runtime writes. Default `tp:`. */
  readonly redisPrefix?: string;
  readonly host?: string;
  /** 0: any free port. */
  readonly port?: number;
  readonly allowPrivateNetworks: boolean;
  /** Host names (no port) this runtime answers to besides loopback. */
  readonly allowedHosts?: readonly string[];
  readonly allowedOrigins?: readonly string[];
  /** Request body ceiling (workspaces may set lower). Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** In-memory result cache budget when there is no Redis. Default 64 MiB. */
  readonly memoryCacheBytes?: number;
  /** Invocation log queue bound. Default 10,000 entries. */
  readonly invocationQueueSize?: number;
  /** Write the invocation log. Default true; false only to measure what it costs. */
  readonly invocationLog?: boolean;
  /** Invocation log flush period. Default 1 s. */
  readonly invocationFlushMs?: number;
  /** tools/list page size. Default 250. */
  readonly pageSize?: number;
  /** Connections per workspace+connector pool. Default 5. */
  readonly tenantPoolSize?: number;
  /** In-flight requests get this long to finish on close. Default 10 s. */
  readonly drainTimeoutMs?: number;
  /** Give the pipeline an OpenTelemetry tracer (set when the SDK was started). */
  readonly tracing?: boolean;
  readonly logger: Logger;
  /** Tests: no DNS lookups leave the machine. */
  readonly resolver?: Resolver;
  /** Another script runner (tests); default the isolated-vm sandbox. */
  readonly scripts?: ScriptRunnerPort;
  /**
   * The sandbox hit an isolated-vm catastrophic error (packages/sandbox README): the runtime has
   * already turned /readyz to 503; the caller should exit non-zero after a grace period so its
   * supervisor starts a fresh process.
   */
  readonly onSandboxFailure?: () => void;
}

export interface RunningRuntime {
  /** `http://host:port` */
  readonly url: string;
  readonly port: number;
  /** /readyz answers "draining" from now on. */
  startDraining(): void;
  /** Writes queued invocation log entries now (tests). */
  flushInvocations(): Promise<void>;
  /** Stops accepting, lets in-flight requests finish, then closes pools and connections. */
  close(): Promise<void>;
}

const VERSION = '0.0.0';

/**
 * Builds every service of the runtime from its options, serves HTTP and returns once listening.
 * Start-up never touches a tenant's database (pools open on first use) and never waits for
 * Redis. Used by main.ts, the tests and the demo.
 */
export async function startRuntime(options: RuntimeOptions): Promise<RunningRuntime> {
  const { logger } = options;
  const resolver = options.resolver ?? systemResolver;
  const prefix = options.redisPrefix ?? 'tp:';
  const metrics = createRuntimeMetrics(createMetricsRegistry());
  const keyring = createKeyring(options.masterKeys.map((key) => parseMasterKey(key)));
  const db = createDb({ databaseUrl: options.databaseUrl, applicationName: 'toolplane-runtime' });
  const readinessPool = createReadinessPool(options.databaseUrl, logger);
  const readiness = createReadinessCheck({
    pool: readinessPool,
    databaseUrl: options.databaseUrl,
    logger,
  });

  const deny = await controlPlaneDenyList(
    { databaseUrl: options.databaseUrl, redisUrl: options.redisUrl },
    resolver,
  );
  const pools = createConnectorPools({
    policy: { allowPrivateNetworks: options.allowPrivateNetworks, deny, resolver },
    onBackgroundError: (error, key) => logger.warn('tenant connection error', { pool: key, error }),
    ...(options.tenantPoolSize === undefined
      ? {}
      : { settings: { maxConnections: options.tenantPoolSize } }),
  });
  const registry = createWorkspaceRegistry({ db, keyring });
  const tokens = createTokenAuthenticator({ db, signingKey: options.signingKey });
  const tokenUse = createTokenUseRecorder({
    db,
    onError: (error) => logger.warn('recording token use failed', { error }),
  });
  const changes = startChangeListener({
    databaseUrl: options.databaseUrl,
    registry,
    tokens,
    pools,
    logger,
  });

  let redis: Redis | undefined;
  let redisReady = false;
  let cache: CachePort;
  let rateLimiter: RateLimiter;
  if (options.redisUrl) {
    redis = createRedisClient({
      url: options.redisUrl,
      connectionName: 'toolplane-runtime',
      onReadyChange: (ready) => {
        redisReady = ready;
        if (ready) logger.info('redis connected');
        else logger.warn('redis unreachable: cache misses, rate limits counted per replica');
      },
      onError: (error) => logger.debug('redis error', { error }),
    });
    cache = createRedisCache({
      redis,
      prefix,
      onError: (operation) => metrics.cacheErrors.inc({ operation }),
    });
    rateLimiter = createRedisRateLimiter({
      redis,
      prefix,
      onFallback: () => metrics.rateLimitFallbacks.inc(),
    });
  } else {
    const memory = createMemoryCache({ maxBytes: options.memoryCacheBytes ?? 64 * 1024 * 1024 });
    cache = memory;
    metrics.registry.gauge(
      'toolplane_memory_cache_bytes',
      'bytes held by the in-memory result cache',
      () => memory.bytes,
    );
    rateLimiter = createMemoryRateLimiter();
  }

  // The invocation log writes through plain pg, one COPY … FROM STDIN per batch: Prisma's
  // createMany cost about a fifth of the runtime's CPU under load, and COPY costs PostgreSQL and
  // the runtime less than a multi-row INSERT of unnested arrays (bench/runtime/README.md). One
  // connection: batches are written one at a time.
  const invocationPool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 1,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    allowExitOnIdle: true,
    application_name: 'toolplane-runtime-log',
    statement_timeout: 30_000,
  });
  invocationPool.on('error', (error) => logger.warn('invocation log connection lost', { error }));
  const invocations = createInvocationLog({
    db,
    write: (batch) => copyInvocationsSql(invocationPool, batch),
    maxQueue: options.invocationQueueSize,
    flushIntervalMs: options.invocationFlushMs,
    onDropped: (count) => metrics.invocationsDropped.inc(undefined, count),
    onWriteError: (error) => {
      metrics.invocationWriteErrors.inc();
      logger.warn('writing invocations failed', { error });
    },
  });

  const logInvocations = options.invocationLog !== false;

  const sandboxRunner =
    options.scripts === undefined
      ? createSandboxScriptRunner({
          registry,
          logger,
          allowPrivateNetworks: options.allowPrivateNetworks,
          deny,
          resolver,
          onCatastrophicError: (details) => {
            logger.error('sandbox catastrophic error: draining for a restart', details);
            readiness.startDraining();
            options.onSandboxFailure?.();
          },
        })
      : undefined;
  const ports = createPipelinePorts({
    registry,
    pools,
    db,
    keyring,
    scripts: options.scripts ?? sandboxRunner!.port,
    cache,
    tracer: options.tracing ? trace.getTracer('toolplane-runtime', VERSION) : undefined,
    jwks: createJwksCache({
      fetchJwks: createJwksFetcher({
        allowPrivateNetworks: options.allowPrivateNetworks,
        deny,
        resolver,
      }),
      clock: { now: () => performance.now(), epochMs: () => Date.now() },
    }),
    logger,
  });

  const gauges = metrics.registry;
  gauges.gauge('toolplane_redis_up', '1 when Redis is configured and connected', () =>
    redisReady ? 1 : 0,
  );
  gauges.gauge('toolplane_change_listener_up', '1 while change notifications are heard', () =>
    changes.connected ? 1 : 0,
  );
  gauges.gauge('toolplane_workspaces_cached', 'workspace snapshots held', () => registry.size);
  gauges.gauge(
    'toolplane_invocation_log_queued',
    'invocation log entries waiting to be written',
    () => invocations.queued,
  );
  gauges.gauge('toolplane_connector_pools', 'open tenant pools by connector type', () =>
    Object.entries(pools.stats().byType).map(([type, s]) => [{ type }, s.pools] as const),
  );
  gauges.gauge(
    'toolplane_connector_connections',
    'tenant connections by connector type and state',
    () =>
      Object.entries(pools.stats().byType).flatMap(([type, s]) => [
        [{ type, state: 'total' }, s.connections] as const,
        [{ type, state: 'idle' }, s.idle] as const,
        [{ type, state: 'waiting' }, s.waiting] as const,
      ]),
  );
  gauges.gauge(
    'toolplane_script_isolates',
    'script isolates (0 until the sandbox is wired)',
    () => 0,
  );

  const server = createServer({
    logger,
    readiness,
    routes: [
      ...metricsRoutes(metrics.registry),
      ...createMcpRoutes({
        logger,
        tokens,
        registry,
        origins: createOriginPolicy({
          allowedHosts: [...(options.allowedHosts ?? []), ...(options.host ? [options.host] : [])],
          allowedOrigins: options.allowedOrigins ?? [],
        }),
        rateLimiter,
        maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
        ports,
        pageSize: options.pageSize ?? 250,
        serverInfo: { name: 'toolplane', title: 'Toolplane', version: VERSION },
        ...(sandboxRunner ? { captureConsole: sandboxRunner.capture } : {}),
        onToolCall: (context, toolName, args, outcome, lines) => {
          const outcomeLabel = outcome.ok ? 'ok' : 'error';
          metrics.calls.inc({ outcome: outcomeLabel });
          metrics.callDuration.observe(outcome.totalMs / 1000, { outcome: outcomeLabel });
          if (outcome.error)
            metrics.callErrors.inc({ stage: outcome.error.stage, code: outcome.error.code });
          if (outcome.cacheHit !== undefined) {
            metrics.cacheLookups.inc({ result: outcome.cacheHit ? 'hit' : 'miss' });
          }
          if (logInvocations)
            invocations.record(toInvocationEntry(context, toolName, args, outcome, lines));
        },
        onTokenUsed: (id) => tokenUse.record(id),
        onHttpAnswer: (status) => {
          metrics.httpResponses.inc({ status: String(status) });
          if (status === 429) metrics.rateLimited.inc();
        },
      }),
    ],
  });

  const shutdownServices = async () => {
    await Promise.allSettled([
      pools.close(),
      tokenUse.close(),
      invocations.close(),
      changes.close(),
    ]);
    redis?.disconnect();
    await Promise.allSettled([db.$disconnect(), readinessPool.end(), invocationPool.end()]);
  };

  server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  try {
    await Promise.race([
      once(server, 'listening'),
      once(server, 'error').then(([error]) => {
        throw error;
      }),
    ]);
  } catch (error) {
    await shutdownServices();
    throw error;
  }
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;

  let closing: Promise<void> | undefined;
  const drainTimeoutMs = options.drainTimeoutMs ?? 10_000;
  return {
    url: `http://${host}:${port}`,
    port,
    startDraining: () => readiness.startDraining(),
    flushInvocations: () => invocations.flush(),
    close() {
      closing ??= (async () => {
        readiness.startDraining();
        const force = setTimeout(() => server.closeAllConnections(), drainTimeoutMs);
        force.unref();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await closed;
        clearTimeout(force);
        await shutdownServices();
      })();
      return closing;
    },
  };
}
