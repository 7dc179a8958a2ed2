import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  OFFICE_API_BASE_PATH,
  OFFICE_API_PATHS,
  SSO_ERROR_CODES,
  ssoExchangeRequestSchema,
  ssoStatusSchema,
  staffSessionResponseSchema,
} from '@webpay/contracts/office';
import type { Env } from '../../env.ts';
import { BODY_ERRORS, SECURITY, SERVICE_ERRORS, errorResponses } from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';
import { signInRateLimit } from '../../lib/sign-in-rate-limit.ts';
import { SSO_GRANT_SECONDS, SSO_STATE_SECONDS } from './staff-sso-services.ts';

export interface StaffSsoRoutesOptions {
  env: Pick<Env, 'PUBLIC_URL' | 'RATE_LIMIT_LOGIN_MAX' | 'RATE_LIMIT_LOGIN_WINDOW_SECONDS'>;
}

/**
 * Binds a login to the browser that started it, so a callback link sent to
 * someone else signs nobody in. Lax, not Strict: the provider's redirect
 * back is a navigation from another site, and a Strict cookie would not come
 * with it.
 */
const BROWSER_COOKIE = 'webpay_office_sso';
const COOKIE_PATH = `${OFFICE_API_BASE_PATH}/auth/sso`;

function browserCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${BROWSER_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

function browserToken(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === BROWSER_COOKIE) {
      const value = part.slice(at + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}

const redirect = z.undefined().describe('A redirect (Location)');
const ERROR_LIST = Object.values(SSO_ERROR_CODES).join(', ');

function redirectTo(reply: FastifyReply, location: string) {
  return reply.code(302).header('location', location).send();
}

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The browser's trips: out to the identity provider and back from it. */
function navigationRoutes(app: App, env: StaffSsoRoutesOptions['env']) {
  const { staffSso } = app.services;
  const secure = new URL(env.PUBLIC_URL).protocol === 'https:';

  app.get(
    OFFICE_API_PATHS.ssoStart,
    {
      config: { rateLimit: signInRateLimit(env) },
      schema: {
        tags: ['office'],
        summary: 'Leave for the identity provider’s sign-in',
        description: `A browser navigation, not a call: redirects to the identity provider with a new login (state, nonce and PKCE) that waits ${SSO_STATE_SECONDS / 60} minutes, and sets a cookie binding it to this browser. 404 when single sign-on is not configured.`,
        security: SECURITY.none,
        response: { 302: redirect, ...errorResponses(...SERVICE_ERRORS, 404, 429) },
      },
    },
    async (request, reply) => {
      const next = await staffSso.start(requestContext(request));
      if (next.browserToken) {
        reply.header('set-cookie', browserCookie(next.browserToken, SSO_STATE_SECONDS, secure));
      }
      return redirectTo(reply, next.location);
    },
  );

  app.get(
    OFFICE_API_PATHS.ssoCallback,
    {
      config: { rateLimit: signInRateLimit(env) },
      schema: {
        tags: ['office'],
        summary: 'The identity provider’s redirect back',
        description: `Redirects to the console at /office/sso with a one-time grant (grant=, ${SSO_GRANT_SECONDS} seconds) or the reason for refusing (error=: ${ERROR_LIST}). 404 when single sign-on is not configured.`,
        security: SECURITY.none,
        response: { 302: redirect, ...errorResponses(...SERVICE_ERRORS, 404, 429) },
      },
    },
    async (request, reply) => {
      const at = request.url.indexOf('?');
      const query = at < 0 ? '' : request.url.slice(at + 1);
      const location = await staffSso.callback(
        query,
        browserToken(request),
        requestContext(request),
      );
      reply.header('set-cookie', browserCookie('', 0, secure));
      return redirectTo(reply, location);
    },
  );
}

/** Single sign-on of the billing office by the hospital's OpenID Connect identity provider. */
const staffSsoRoutes: FastifyPluginAsyncZod<StaffSsoRoutesOptions> = async (app, { env }) => {
  const { staffSso } = app.services;

  app.get(
    OFFICE_API_PATHS.ssoStatus,
    {
      schema: {
        tags: ['office'],
        summary: 'Whether single sign-on is configured, and the provider’s name for its button',
        security: SECURITY.none,
        response: { 200: ssoStatusSchema, ...errorResponses(500) },
      },
    },
    async () => staffSso.status(),
  );

  navigationRoutes(app, env);

  app.post(
    OFFICE_API_PATHS.ssoExchange,
    {
      config: { rateLimit: signInRateLimit(env) },
      schema: {
        tags: ['office'],
        summary: 'Exchange the one-time grant of a single sign-on for a staff session',
        description: `A grant works once, within ${SSO_GRANT_SECONDS} seconds of the identity provider’s redirect back; otherwise 401 UNAUTHORIZED. The session has the same limits as a password sign-in's and method 'sso'.`,
        security: SECURITY.none,
        body: ssoExchangeRequestSchema,
        response: {
          200: staffSessionResponseSchema,
          ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS, 404, 429),
        },
      },
    },
    async (request) =>
      staffSso.exchange(request.body.grant, {
        context: requestContext(request),
        userAgent: request.headers['user-agent'],
      }),
  );
};

export default staffSsoRoutes;
