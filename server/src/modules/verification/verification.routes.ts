import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '@webpay/contracts/api';
import { loginResponseSchema } from '@webpay/contracts/auth';
import {
  codeLoginRequestSchema,
  emailLoginRequestSchema,
  sendCodeRequestSchema,
  verificationStartedSchema,
} from '@webpay/contracts/sign-in';
import type { Env } from '../../env.ts';
import { BODY_ERRORS, SECURITY, SERVICE_ERRORS, errorResponses } from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';
import { signInRateLimit } from '../../lib/sign-in-rate-limit.ts';
import { LOCKOUT_MINUTES, MAX_FAILED_SIGN_INS } from '../lockout/index.ts';
import { CODE_MINUTES, MAX_CODE_ATTEMPTS, MAX_RESENDS } from './verification.service.ts';

export interface VerificationRoutesOptions {
  env: Pick<Env, 'RATE_LIMIT_LOGIN_MAX' | 'RATE_LIMIT_LOGIN_WINDOW_SECONDS'>;
}

const LOCKOUT = `${MAX_FAILED_SIGN_INS} wrong codes in a row for one e-mail address or account number pause its sign-in for ${LOCKOUT_MINUTES} minutes (423 ACCOUNT_LOCKED with Retry-After).`;

const MAIL_UNAVAILABLE_ALIKE =
  'While the mail server cannot take mail, every request gets 503 MAIL_UNAVAILABLE alike, before anything is sent or used up.';

/** Sign in with e-mail and birthdate: e-mail a code. */
const emailBirthdateSignInSchema = {
  tags: ['auth'],
  summary: 'Sign in with e-mail and birthdate: e-mail a code',
  description: [
    'Always 200 VerificationStarted {guarantorId, verificationId, email}. When the e-mail on file (case-insensitive) and the birthdate match a guarantor, a 6-digit code valid',
    `${CODE_MINUTES} minutes is e-mailed (after the answer); otherwise the ids are just as well-formed and no code will ever match them.`,
    MAIL_UNAVAILABLE_ALIKE,
    'guarantorId is an opaque reference to pass back, not the guarantor id of the token claims.',
    LOCKOUT,
  ].join(' '),
  security: SECURITY.service,
  body: emailLoginRequestSchema,
  response: {
    200: verificationStartedSchema,
    ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS, 423, 429),
  },
} satisfies FastifySchema;

/** Sign in with an e-mailed code. */
const emailedCodeSignInSchema = {
  tags: ['auth'],
  summary: 'Sign in with an e-mailed code',
  description: [
    "Ends any code verification (e-mail sign-in, sign-up, e-mail multi-factor) with a session of loginType 'totp'.",
    'A sign-up verification first makes the e-mail the guarantor’s (verified) and records the paperless choice; a multi-factor one revokes the session that asked for it (no bearer token needed).',
    `A wrong, used, expired or unknown code is 401 INVALID_CODE; the ${MAX_CODE_ATTEMPTS}th wrong try kills the code (ask for a new one).`,
    LOCKOUT,
  ].join(' '),
  security: SECURITY.service,
  body: codeLoginRequestSchema,
  response: {
    200: loginResponseSchema,
    ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS, 409, 423, 429),
  },
} satisfies FastifySchema;

/** Send a new code. */
const sendNewCodeSchema = {
  tags: ['auth'],
  summary: 'Send a new code',
  description: [
    `Restarts a pending verification of any kind: a new code, ${MAX_CODE_ATTEMPTS} fresh tries, ${CODE_MINUTES} minutes; the old code stops working.`,
    'Unknown ids get the same answer (email "") with nothing sent.',
    `After ${MAX_RESENDS} new codes for one verification: 429 TOO_MANY_REQUESTS (start again).`,
    'Sign-up and multi-factor codes are sent before the answer (503 MAIL_UNAVAILABLE when the mail server fails, and the verification stays usable for another try); e-mail sign-in codes after it.',
    MAIL_UNAVAILABLE_ALIKE,
  ].join(' '),
  security: SECURITY.service,
  body: sendCodeRequestSchema,
  response: {
    200: verificationStartedSchema,
    ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS, 423, 429),
  },
} satisfies FastifySchema;

/** E-mail multi-factor: e-mail a code to the address on file. */
const emailMfaCodeSchema = {
  tags: ['auth'],
  summary: 'E-mail multi-factor: e-mail a code to the address on file',
  description: [
    "For any signed-in session (typically loginType 'pin' or 'magic'): e-mails a code to the guarantor's address on file and answers VerificationStarted.",
    "Signing in with that code (POST /auth/login/code) gives a 'totp' session, which may save a new e-mail as the guarantor's (SPEC §6), and revokes this one.",
    'No e-mail on file: 400 NO_EMAIL_ON_FILE. Mail server failure: 503 MAIL_UNAVAILABLE.',
  ].join(' '),
  security: SECURITY.signedIn,
  response: {
    200: verificationStartedSchema,
    ...errorResponses(400, ...SERVICE_ERRORS, 423, 429),
  },
} satisfies FastifySchema;

const verificationRoutes: FastifyPluginAsyncZod<VerificationRoutesOptions> = async (
  app,
  { env },
) => {
  const rateLimit = signInRateLimit(env);

  app.post(
    API_PATHS.loginEmail,
    {
      config: { rateLimit },
      schema: emailBirthdateSignInSchema,
    },
    async (request) =>
      app.services.verifications.startEmailLogin(request.body, requestContext(request)),
  );

  app.post(
    API_PATHS.loginCode,
    {
      config: { rateLimit },
      schema: emailedCodeSignInSchema,
    },
    async (request) =>
      app.services.verifications.loginWithCode(request.body, requestContext(request)),
  );

  app.post(
    API_PATHS.signupSendCode,
    {
      config: { rateLimit },
      schema: sendNewCodeSchema,
    },
    async (request) => app.services.verifications.resend(request.body, requestContext(request)),
  );

  app.post(
    API_PATHS.mfaEmail,
    {
      config: { rateLimit },
      // After the throttle (an onRequest hook), so unauthenticated calls count too.
      preValidation: app.authenticate,
      schema: emailMfaCodeSchema,
    },
    async (request) =>
      app.services.verifications.startMfa(request.requireAuth(), requestContext(request)),
  );
};

export default verificationRoutes;
