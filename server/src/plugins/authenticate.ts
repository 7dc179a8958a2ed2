import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasHistoricalDataRole, ROLES } from '@webpay/contracts/auth';
import { apiErrors, isApiError } from '../lib/api-error.ts';
import { requestContext } from '../lib/request-context.ts';
import type { AuthSession } from '../modules/auth/auth.service.ts';
import { bearerToken } from '../modules/auth/session-tokens.ts';
import { isStaffToken } from '../modules/staff/index.ts';

type AuthHook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: the call must carry a live session's bearer token (401 otherwise). */
    authenticate: AuthHook;
    /** onRequest hook: a valid bearer token is used when present; anything else is anonymous. */
    authenticateOptional: AuthHook;
    /**
     * onRequest hook after `authenticate`: the guarantor must hold the
     * historical-data role (SPEC §6) on the server's record, whatever the
     * token's claims say; 403 otherwise.
     */
    requireHistoricalData: AuthHook;
  }
  interface FastifyRequest {
    auth: AuthSession | null;
    /** The session of a route behind `authenticate`. */
    requireAuth(): AuthSession;
  }
}

/**
 * Sign-in as route options, in the style of fastify/demo's autohooks: a
 * route (or a whole plugin, via addHook) opts in with `onRequest:
 * app.authenticate`.
 */
export default fp(
  async function authenticate(app) {
    app.decorateRequest('auth', null);
    app.decorateRequest('requireAuth', function requireAuth(this: FastifyRequest) {
      if (!this.auth) throw apiErrors.unauthorized();
      return this.auth;
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw apiErrors.unauthorized();
      request.auth = await app.services.auth.authenticate(token);
    });

    app.decorate('authenticateOptional', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) return;
      try {
        request.auth = await app.services.auth.authenticate(token);
      } catch (error) {
        // A stale token on a public page is no reason to fail the page; a
        // billing office token is no stale sign-in (decision 0023).
        if (!isApiError(error) || error.statusCode !== 401 || isStaffToken(token)) throw error;
      }
    });

    app.decorate('requireHistoricalData', async (request: FastifyRequest) => {
      const session = request.requireAuth();
      if (hasHistoricalDataRole(session)) return;
      // Refused reads of PHI are audited as well as granted ones (PRODUCT.md, Audit).
      await app.services.audit.record(requestContext(request), {
        action: 'access.denied',
        outcome: 'failure',
        actorType: 'guarantor',
        actorId: session.guarantorId,
        guarantorId: session.guarantorId,
        targetType: 'route',
        targetId: `${request.method} ${request.routeOptions.url ?? ''}`,
        details: { requiredRole: ROLES.historicalData },
      });
      throw apiErrors.historicalDataRequired();
    });
  },
  { name: 'authenticate', dependencies: ['services'] },
);
