import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '@webpay/contracts/api';
import { appConfigSchema, contactInfoSchema } from '@webpay/contracts/config';
import { SECURITY, SERVICE_ERRORS, errorResponses } from '../../lib/openapi.ts';

const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.configApp,
    {
      schema: {
        tags: ['config'],
        summary: 'Portal configuration',
        description:
          'Central facility, external AR facilities, support phones per facility, the fallback support phone and branding.',
        security: SECURITY.service,
        response: { 200: appConfigSchema, ...errorResponses(...SERVICE_ERRORS) },
      },
    },
    async () => app.services.config.appConfig(),
  );

  app.get(
    API_PATHS.configContactInfo,
    {
      onRequest: app.authenticateOptional,
      schema: {
        tags: ['config'],
        summary: 'Contact details',
        description:
          "Every facility's phone, hours, address and e-mail. With a valid bearer token, supportPhone is the guarantor's own; otherwise the fallback.",
        security: SECURITY.optionalSignIn,
        response: { 200: contactInfoSchema, ...errorResponses(...SERVICE_ERRORS) },
      },
    },
    async (request) => app.services.config.contactInfo(request.auth?.guarantorId ?? null),
  );
};

export default configRoutes;
