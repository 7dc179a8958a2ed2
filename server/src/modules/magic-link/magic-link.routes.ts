import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '@webpay/contracts/api';
import { loginResponseSchema } from '@webpay/contracts/auth';
import {
  acceptedResponseSchema,
  magicLinkLoginRequestSchema,
  magicLinkRequestSchema,
} from '@webpay/contracts/sign-in';
import type { Env } from '../../env.ts';
import { BODY_ERRORS, SECURITY, SERVICE_ERRORS, errorResponses } from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';
import { signInRateLimit } from '../../lib/sign-in-rate-limit.ts';
import { MAGIC_LINK_MINUTES } from './magic-link.service.ts';

export interface MagicLinkRoutesOptions {
  env: Pick<Env, 'RATE_LIMIT_LOGIN_MAX' | 'RATE_LIMIT_LOGIN_WINDOW_SECONDS'>;
}

const magicLinkRoutes: FastifyPluginAsyncZod<MagicLinkRoutesOptions> = async (app, { env }) => {
  app.post(
    API_PATHS.loginMagicRequest,
    {
      config: { rateLimit: signInRateLimit(env) },
      schema: {
        tags: ['auth'],
        summary: 'E-mail me a sign-in link',
        description: `Always 202 {accepted: true}, whether or not the address belongs to anyone. A signed-up guarantor with that e-mail on file is sent a single-use link to /webpay/login/magic?abracadabra=TOKEN, valid ${MAGIC_LINK_MINUTES} minutes. The e-mail is sent after the answer, so its timing tells nothing about the address. While the mail server cannot take mail, every address gets 503 MAIL_UNAVAILABLE alike (the service asks the mail server before answering, whoever the address belongs to).`,
        security: SECURITY.service,
        body: magicLinkRequestSchema,
        response: {
          202: acceptedResponseSchema,
          ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS, 429),
        },
      },
    },
    async (request, reply) => {
      const answer = await app.services.magicLinks.request(
        request.body.email,
        requestContext(request),
      );
      return reply.code(202).send(answer);
    },
  );

  app.post(
    API_PATHS.loginMagic,
    {
      config: { rateLimit: signInRateLimit(env) },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a magic link',
        description:
          "Exchanges the link's token (abracadabra) for a session with loginType 'magic'. A link works once; an unknown, used or expired one is 401 MAGIC_LINK_INVALID.",
        security: SECURITY.service,
        body: magicLinkLoginRequestSchema,
        response: {
          200: loginResponseSchema,
          ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS, 429),
        },
      },
    },
    async (request) =>
      app.services.magicLinks.login(request.body.abracadabra, requestContext(request)),
  );
};

export default magicLinkRoutes;
