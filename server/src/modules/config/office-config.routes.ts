import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OFFICE_API_PATHS, officeConfigSchema } from '@webpay/contracts/office';
import { SECURITY, errorResponses } from '../../lib/openapi.ts';

/**
 * The billing office console's configuration. Public, like the portal's app
 * config, but under the office API: the console carries no portal API key
 * (decision 0023), and the enrolment page shows times before any sign-in.
 */
const officeConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    OFFICE_API_PATHS.config,
    {
      schema: {
        tags: ['office'],
        summary: 'Console configuration',
        description:
          "The hospital's time zone (WEBPAY_TIME_ZONE), in which the console writes every time and day.",
        security: SECURITY.none,
        response: { 200: officeConfigSchema, ...errorResponses(500) },
      },
    },
    async () => app.services.config.officeConfig(),
  );
};

export default officeConfigRoutes;
