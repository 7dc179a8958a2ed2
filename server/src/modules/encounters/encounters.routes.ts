import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '@webpay/contracts/api';
import { encountersResponseSchema } from '@webpay/contracts/encounters';
import { SECURITY, SERVICE_ERRORS, errorResponses } from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';

const encountersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Everything in this module is the guarantor's own data.
  app.addHook('onRequest', app.authenticate);

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
    async (request) =>
      app.services.encounters.forGuarantor(
        request.requireAuth().guarantorId,
        requestContext(request),
      ),
  );
};

export default encountersRoutes;
