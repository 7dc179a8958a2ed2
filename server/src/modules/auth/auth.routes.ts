import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '@webpay/contracts/api';
import { loginResponseSchema, pinLoginRequestSchema, userSchema } from '@webpay/contracts/auth';
import { languageChangeRequestSchema } from '@webpay/contracts/language-change';
import type { Env } from '../../env.ts';
import { COMPILED_ANSWERS } from '../../lib/compiled-serializer.ts';
import { BODY_ERRORS, SECURITY, SERVICE_ERRORS, errorResponses } from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';
import { signInRateLimit } from '../../lib/sign-in-rate-limit.ts';
import { LOCKOUT_MINUTES, MAX_FAILED_SIGN_INS } from './auth.service.ts';

export interface AuthRoutesOptions {
  env: Pick<Env, 'RATE_LIMIT_LOGIN_MAX' | 'RATE_LIMIT_LOGIN_WINDOW_SECONDS'>;
}

const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { env }) => {
  app.post(
    API_PATHS.login,
    {
      config: { rateLimit: signInRateLimit(env) },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with account number and statement PIN',
        description: `Wrong or unknown credentials give the same 401 INVALID_CREDENTIALS. ${MAX_FAILED_SIGN_INS} consecutive failures for one account number, known or not, pause sign-in for it for ${LOCKOUT_MINUTES} minutes (423 ACCOUNT_LOCKED with Retry-After). Each client address is throttled (429 with Retry-After).`,
        security: SECURITY.service,
        body: pinLoginRequestSchema,
        response: {
          200: loginResponseSchema,
          ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS, 423, 429),
        },
      },
    },
    async (request) => app.services.auth.loginWithPin(request.body, requestContext(request)),
  );

  app.get(
    API_PATHS.me,
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in guarantor',
        security: SECURITY.signedIn,
        response: { 200: userSchema, ...errorResponses(...SERVICE_ERRORS) },
      },
      ...COMPILED_ANSWERS,
    },
    // The session check is part of the read.
    async (request) => app.readSignedIn(request, app.services.auth.currentUser),
  );

  app.put(
    API_PATHS.meLanguage,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Remember the signed-in guarantor’s language',
        description:
          'The portal’s language switch. E-mails sent outside a visit (statement notices) are written in the language last chosen or signed in with; answers to each call follow its Accept-Language.',
        security: SECURITY.signedIn,
        body: languageChangeRequestSchema,
        response: {
          204: z.undefined().describe('Remembered'),
          ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS),
        },
      },
    },
    async (request, reply) => {
      await app.services.auth.setLanguage(
        request.requireAuth(),
        request.body.language,
        requestContext(request),
      );
      return reply.code(204).send();
    },
  );

  app.post(
    API_PATHS.logout,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Sign out',
        description: 'Revokes the session on the server; the same token is refused afterwards.',
        security: SECURITY.signedIn,
        response: {
          204: z.undefined().describe('Signed out'),
          ...errorResponses(...SERVICE_ERRORS),
        },
      },
    },
    async (request, reply) => {
      await app.services.auth.logout(request.requireAuth(), requestContext(request));
      return reply.code(204).send();
    },
  );
};

export default authRoutes;
