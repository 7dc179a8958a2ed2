import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '@webpay/contracts/api';
import { encountersResponseSchema } from '@webpay/contracts/encounters';
import { sendJsonText } from '../../lib/json-text.ts';
import { SECURITY, SERVICE_ERRORS, errorResponses } from '../../lib/openapi.ts';

const encountersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.encounters,
    {
      schema: {
        tags: ['encounters'],
        summary: 'Pending bills',
        description:
          'Open encounters not in a payment plan (ENT and EXAR) with any pending payments, and open payment plans with their amortization and encounters. Only the signed-in guarantor’s.',
        security: SECURITY.signedIn,
        response: { 200: encountersResponseSchema, ...errorResponses(...SERVICE_ERRORS) },
      },
    },
    // The guarantor's own data; the session check is part of the read. The
    // answer is written by the database (encounters-answer.ts) and goes out
    // as it came.
    async (request, reply) =>
      sendJsonText(reply, await app.readSignedIn(request, app.services.encounters.forToken)),
  );
};

export default encountersRoutes;
