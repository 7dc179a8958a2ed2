import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  enrolmentRequestSchema,
  enrolmentResultSchema,
  enrolmentSchema,
} from '@webpay/contracts/office';
import { plainText } from '@webpay/contracts/plain-text';
import type { Env } from '../../env.ts';
import {
  BODY_ERRORS,
  PATH_ERRORS,
  SECURITY,
  SERVICE_ERRORS,
  errorResponses,
} from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';
import { signInRateLimit } from '../../lib/sign-in-rate-limit.ts';

export interface EnrolmentRoutesOptions {
  env: Pick<Env, 'RATE_LIMIT_LOGIN_MAX' | 'RATE_LIMIT_LOGIN_WINDOW_SECONDS'>;
}

/** An enrolment token is base64url (randomToken); anything else is refused before a lookup. */
const tokenParamsSchema = z.object({
  token: plainText()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/),
});
/** The route as the router spells it; OFFICE_API_PATHS.enrolment(token) builds it. */
const ENROLMENT_ROUTE = '/enrolment/:token';

/** The one-time enrolment link of a new or reset staff member; no session needed. */
const enrolmentRoutes: FastifyPluginAsyncZod<EnrolmentRoutesOptions> = async (app, { env }) => {
  const { staff } = app.services;

  app.get(
    ENROLMENT_ROUTE,
    {
      config: { rateLimit: signInRateLimit(env) },
      schema: {
        tags: ['office'],
        summary: 'An enrolment link: who it is for and the TOTP key to add to an app',
        description:
          'Unknown, used and expired links all answer 404 ENROLMENT_LINK_INVALID. The same key is shown until the link is used.',
        security: SECURITY.none,
        params: tokenParamsSchema,
        response: {
          200: enrolmentSchema,
          ...errorResponses(...PATH_ERRORS, ...SERVICE_ERRORS, 404, 429),
        },
      },
    },
    async (request) => staff.enrolment.show(request.params.token, requestContext(request)),
  );

  app.post(
    ENROLMENT_ROUTE,
    {
      config: { rateLimit: signInRateLimit(env) },
      schema: {
        tags: ['office'],
        summary: 'Complete an enrolment: set the password and confirm the TOTP key',
        description:
          'The password needs 12 to 256 characters and must not be a common or breached password or contain the staff member’s name, e-mail address or the hospital’s name (400 naming body.password). A code that does not match the key answers 400 INVALID_CODE. Answers the 10 one-time recovery codes, shown only this once; the link is then used up.',
        security: SECURITY.none,
        params: tokenParamsSchema,
        body: enrolmentRequestSchema,
        response: {
          200: enrolmentResultSchema,
          ...errorResponses(...BODY_ERRORS, ...PATH_ERRORS, ...SERVICE_ERRORS, 404, 429),
        },
      },
    },
    async (request) => ({
      recoveryCodes: await staff.enrolment.complete(
        request.params.token,
        request.body,
        requestContext(request),
      ),
    }),
  );
};

export default enrolmentRoutes;
