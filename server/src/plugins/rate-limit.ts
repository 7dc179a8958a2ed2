import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { apiErrors } from '../lib/api-error.ts';
import type { Env } from '../env.ts';

/**
 * Per-client throttling for the routes that opt in (`config.rateLimit`).
 * With REDIS_URL the counters live in Redis so every instance behind the load
 * balancer shares them; otherwise each process counts alone.
 */
export default fp(
  async function rateLimiting(app, options: { env: Env }) {
    const { env } = options;
    let redis: Redis | undefined;
    if (env.REDIS_URL) {
      // Fail fast: a slow Redis must not stall sign-in; skipOnError lets the call through.
      redis = new Redis(env.REDIS_URL, {
        connectTimeout: 1000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        // RESP2, which every Redis and Redis-compatible server speaks. ioredis 6
        // opens with RESP3 (HELLO 3), which servers before Redis 6 refuse; with
        // skipOnError that would quietly leave each instance counting alone.
        protocol: 2,
      });
      redis.on('error', (error) => app.log.warn({ err: error }, 'redis error (rate limits)'));
      app.addHook('onClose', async () => {
        await redis?.quit().catch(() => redis?.disconnect());
      });
    }

    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis } : {}),
      nameSpace: `${env.REDIS_KEY_PREFIX}rate-limit:`,
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        apiErrors.tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
    });
  },
  { name: 'rate-limit' },
);
