import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '@webpay/contracts/api';
import { encountersResponseSchema } from '@webpay/contracts/encounters';
import { COMPILED_ANSWERS } from '../../lib/compiled-serializer.ts';
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
      ...COMPILED_ANSWERS,
    },
    // The guarantor's own data; the session check is part of the read.
    async (request) => app.readSignedIn(request, app.services.encounters.forToken),
  );
};

export default encountersRoutes;
