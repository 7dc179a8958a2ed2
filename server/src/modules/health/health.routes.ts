import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrors } from '../../lib/api-error.ts';
import { SECURITY, errorResponses } from '../../lib/openapi.ts';

const healthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'HealthStatus' });

export interface HealthOptions {
  /** True from the moment a graceful stop begins. */
  isStopping: () => boolean;
}

/** Probes for the load balancer and the orchestrator; they carry no data, so no API key. */
const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { isStopping }) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up',
        security: SECURITY.none,
        response: { 200: healthSchema, ...errorResponses(500) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: not stopping, and the database answers',
        security: SECURITY.none,
        response: { 200: healthSchema, ...errorResponses(500, 503) },
      },
    },
    async () => {
      // A stopping instance still finishes its requests, but a load balancer
      // that asks should send new ones elsewhere.
      if (isStopping()) throw apiErrors.shuttingDown();
      try {
        await app.database.ping();
      } catch (error) {
        throw apiErrors.databaseUnavailable(error);
      }
      return { status: 'ok' as const };
    },
  );
};

export default healthRoutes;
