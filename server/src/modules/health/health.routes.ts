import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrors } from '../../lib/api-error.ts';
import { SECURITY, errorResponses } from '../../lib/openapi.ts';

const healthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'HealthStatus' });

/** Probes for the load balancer and the orchestrator; they carry no data, so no API key. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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
        summary: 'Readiness: the database answers',
        security: SECURITY.none,
        response: { 200: healthSchema, ...errorResponses(500, 503) },
      },
    },
    async () => {
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
