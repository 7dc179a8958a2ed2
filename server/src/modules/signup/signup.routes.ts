import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '@webpay/contracts/api';
import {
  SIGN_IN_LIMITS,
  signupRequestSchema,
  signupResponseSchema,
} from '@webpay/contracts/sign-in';
import type { Env } from '../../env.ts';
import { BODY_ERRORS, SECURITY, SERVICE_ERRORS, errorResponses } from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';
import { signInRateLimit } from '../../lib/sign-in-rate-limit.ts';

export interface SignupRoutesOptions {
  env: Pick<Env, 'RATE_LIMIT_LOGIN_MAX' | 'RATE_LIMIT_LOGIN_WINDOW_SECONDS'>;
}

const signupRoutes: FastifyPluginAsyncZod<SignupRoutesOptions> = async (app, { env }) => {
  app.post(
    API_PATHS.signupEmail,
    {
      config: { rateLimit: signInRateLimit(env) },
      schema: {
        tags: ['auth'],
        summary: 'Sign up by e-mail',
        description: [
          'The account number, first and last name (case and accents ignored) and birthdate must match one guarantor: else 400 SIGNUP_ACCOUNT_MISMATCH, and such failures count towards the account number’s lockout (423).',
          'Already signed up: 409 SIGNUP_ALREADY_REGISTERED.',
          `Otherwise answers true and e-mails a 6-digit code (valid ${SIGN_IN_LIMITS.codeMinutes} minutes) with a link to /webpay/verify/code?guarantorId=…&verificationId=…&email=…; the code sign-in (POST /auth/login/code) makes the e-mail the guarantor's, records the paperless choice and signs in.`,
          'An e-mail another guarantor has on file gets the same answer, in the same time, so the form does not tell who is registered: no code is sent, and that guarantor is e-mailed that someone tried to sign up with their address.',
          'A mail server failure is 503 MAIL_UNAVAILABLE.',
        ].join(' '),
        security: SECURITY.service,
        body: signupRequestSchema,
        response: {
          200: signupResponseSchema,
          ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS, 409, 423, 429),
        },
      },
    },
    async (request) => app.services.signup.signup(request.body, requestContext(request)),
  );
};

export default signupRoutes;
