import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OFFICE_API_PATHS,
  STAFF_IDLE_TIMEOUT_SECONDS,
  STAFF_SESSION_MAX_SECONDS,
  staffMeSchema,
  staffSessionResponseSchema,
  staffSignInRequestSchema,
} from '@webpay/contracts/office';
import type { Env } from '../../env.ts';
import { BODY_ERRORS, SECURITY, SERVICE_ERRORS, errorResponses } from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';
import { signInRateLimit } from '../../lib/sign-in-rate-limit.ts';
import { LOCKOUT_MINUTES, MAX_FAILED_SIGN_INS } from '../lockout/index.ts';

export interface StaffAuthRoutesOptions {
  env: Pick<Env, 'RATE_LIMIT_LOGIN_MAX' | 'RATE_LIMIT_LOGIN_WINDOW_SECONDS'>;
}

const signedOut = z.undefined().describe('Signed out');

function signOutRoutes(app: Parameters<FastifyPluginAsyncZod>[0]) {
  const { staff } = app.services;
  app.post(
    OFFICE_API_PATHS.signOut,
    {
      onRequest: app.authenticateStaff,
      schema: {
        tags: ['office'],
        summary: 'End this session',
        security: SECURITY.staff,
        response: { 204: signedOut, ...errorResponses(...SERVICE_ERRORS) },
      },
    },
    async (request, reply) => {
      await staff.sessions.signOut(request.requireStaff(), requestContext(request));
      return reply.code(204).send();
    },
  );

  app.post(
    OFFICE_API_PATHS.signOutEverywhere,
    {
      onRequest: app.authenticateStaff,
      schema: {
        tags: ['office'],
        summary: 'End every session of the signed-in staff member',
        security: SECURITY.staff,
        response: { 204: signedOut, ...errorResponses(...SERVICE_ERRORS) },
      },
    },
    async (request, reply) => {
      await staff.sessions.signOutEverywhere(request.requireStaff(), requestContext(request));
      return reply.code(204).send();
    },
  );
}

/** Sign-in, the signed-in staff member, keep-alive and sign-out of the billing office. */
const staffAuthRoutes: FastifyPluginAsyncZod<StaffAuthRoutesOptions> = async (app, { env }) => {
  const { staff } = app.services;

  app.post(
    OFFICE_API_PATHS.signIn,
    {
      config: { rateLimit: signInRateLimit(env) },
      schema: {
        tags: ['office'],
        summary: 'Staff sign-in: e-mail, password and authentication code',
        description: `The code is the 6-digit TOTP code of the staff member's app (each code once) or one of their recovery codes (each once). An unknown e-mail address, a wrong password and a wrong code give the same 401 INVALID_CREDENTIALS. ${MAX_FAILED_SIGN_INS} consecutive failures for one address, known or not, pause sign-in for it for ${LOCKOUT_MINUTES} minutes (423 ACCOUNT_LOCKED with Retry-After). The session ends after ${STAFF_IDLE_TIMEOUT_SECONDS / 60} minutes without a call and ${STAFF_SESSION_MAX_SECONDS / 3600} hours after sign-in whatever its use.`,
        security: SECURITY.none,
        body: staffSignInRequestSchema,
        response: {
          200: staffSessionResponseSchema,
          ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS, 423, 429),
        },
      },
    },
    async (request) =>
      staff.signIn.signIn(request.body, {
        context: requestContext(request),
        userAgent: request.headers['user-agent'],
      }),
  );

  app.get(
    OFFICE_API_PATHS.me,
    {
      onRequest: app.authenticateStaff,
      schema: {
        tags: ['office'],
        summary: 'The signed-in staff member and the limits of the session',
        security: SECURITY.staff,
        response: { 200: staffMeSchema, ...errorResponses(...SERVICE_ERRORS) },
      },
    },
    async (request) => staff.sessions.me(request.requireStaff()),
  );

  app.post(
    OFFICE_API_PATHS.keepAlive,
    {
      onRequest: app.authenticateStaff,
      schema: {
        tags: ['office'],
        summary: 'Keep an idle session alive',
        description:
          'Every staff call counts as activity; this one does nothing else. Answers the session’s new limits.',
        security: SECURITY.staff,
        response: { 200: staffMeSchema, ...errorResponses(...SERVICE_ERRORS) },
      },
    },
    async (request) => staff.sessions.me(request.requireStaff()),
  );

  signOutRoutes(app);
};

export default staffAuthRoutes;
