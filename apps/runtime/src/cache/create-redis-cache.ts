import type { CachePort } from '@toolplane/pipeline';
import { isRedisReady, type Redis } from '@toolplane/redis';

/**
 * The result cache in Redis, under the runtime's prefix. While Redis is unreachable a lookup is
 * a miss and a store is skipped at once (no waiting on a dead connection); `onError` counts it.
 */
export function createRedisCache(options: {
  redis: Redis;
  prefix: string;
  onError: (operation: 'get' | 'set') => void;
}): CachePort {
  const { redis, prefix } = options;
  return {
    async get(key) {
      if (!isRedisReady(redis)) {
        options.onError('get');
        return undefined;
      }
      try {
        return await redis.get(prefix + key);
      } catch {
        options.onError('get');
        return undefined;
      }
    },
    async set(key, value, ttlSeconds) {
      if (!isRedisReady(redis)) {
        options.onError('set');
        return;
      }
      try {
        await redis.set(prefix + key, value, 'EX', Math.max(1, Math.round(ttlSeconds)));
      } catch {
        options.onError('set');
      }
    },
  };
}
