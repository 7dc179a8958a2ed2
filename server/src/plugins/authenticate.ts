import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasHistoricalDataRole } from '@webpay/contracts/auth';
import { apiErrors, isApiError } from '../lib/api-error.ts';
import { requestContext } from '../lib/request-context.ts';
import type { AuthSession, SignedInRead } from '../modules/auth/auth.service.ts';
import { HISTORICAL_DATA_REFUSAL } from '../modules/auth/historical-data.ts';
import type { ReadValues } from '../modules/auth/session-read.ts';
import { bearerToken } from '../modules/auth/session-tokens.ts';
import { isStaffToken } from '../modules/staff/index.ts';
import { inputRefusal } from './nul-characters.ts';

type AuthHook = (request: FastifyRequest) => Promise<void>;

interface HistoricalReadInput {
  attachValidation: true;
  preHandler: AuthHook;
}

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
    /**
     * A route's whole work for a read made in one trip with its session
     * check (AuthService.signedInRead), in place of the `authenticate`
     * hook (and `requireHistoricalData`, for a read that needs the role):
     * the same 401s and 403, and `request.auth` set once it succeeds.
     * `values` are the read's own, from the validated request.
     */
    readSignedIn<T>(request: FastifyRequest, read: SignedInRead<T>): Promise<T>;
    readSignedIn<T, V extends ReadValues>(
      request: FastifyRequest,
      read: SignedInRead<T, V>,
      values: V,
    ): Promise<T>;
    /**
     * Route options of a route whose historical-data read checks the
     * session and the role in its statement (`readSignedIn`) and which
     * takes input: input refused before the handler (a NUL character, a
     * schema's refusal) is refused only after `authenticate` and
     * `requireHistoricalData`, so a caller without a live session or the
     * role is told 401 or 403 first, as behind those hooks.
     */
    historicalReadInput: HistoricalReadInput;
  }
  interface FastifyRequest {
    auth: AuthSession | null;
    /** The session of a route behind `authenticate`. */
    requireAuth(): AuthSession;
  }
}

/** The route asked as Fastify names it, `GET <base path>/statements/:id`. */
const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;

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

    app.decorate(
      'readSignedIn',
      async <T, V extends ReadValues>(
        request: FastifyRequest,
        read: SignedInRead<T, V>,
        values?: V,
      ): Promise<T> => {
        const token = bearerToken(request.headers.authorization);
        if (!token) throw apiErrors.unauthorized();
        const { session, payload } = await read(token, requestContext(request), {
          route: routeOf(request),
          values: values ?? ({} as V),
        });
        request.auth = session;
        return payload;
      },
    );

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
      await app.services.audit.record(requestContext(request), {
        ...HISTORICAL_DATA_REFUSAL,
        actorType: 'guarantor',
        actorId: session.guarantorId,
        guarantorId: session.guarantorId,
        targetId: routeOf(request),
      });
      throw apiErrors.historicalDataRequired();
    });

    const checkedFirst = async (request: FastifyRequest) => {
      await app.authenticate(request);
      await app.requireHistoricalData(request);
    };
    app.decorate('historicalReadInput', {
      // The input's refusals are kept for the preHandler below.
      attachValidation: true,
      preHandler: async (request: FastifyRequest) => {
        const refusal = inputRefusal(request);
        if (!refusal) return;
        await checkedFirst(request);
        throw refusal;
      },
    } satisfies HistoricalReadInput);
  },
  { name: 'authenticate', dependencies: ['services'] },
);
