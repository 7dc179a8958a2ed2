import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rolesAllowedTo, staffCan, type StaffPermission } from '@webpay/contracts/office';
import { apiErrors } from '../lib/api-error.ts';
import { requestContext } from '../lib/request-context.ts';
import { bearerToken } from '../modules/auth/session-tokens.ts';
import { inputRefusal } from './nul-characters.ts';
import type { StaffAuth, StaffReader } from '../modules/staff/index.ts';

type StaffHook = (request: FastifyRequest) => Promise<void>;

/** The route a refusal's audit row names: `GET /office/api/...`. */
const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: the call must carry a live staff session's bearer token (401 otherwise). */
    authenticateStaff: StaffHook;
    /**
     * onRequest hook after `authenticateStaff`: the staff member's role must
     * allow `permission` (STAFF_ROLE_PERMISSIONS); the refusal is audited and
     * answered 403 STAFF_PERMISSION_REQUIRED.
     */
    requireStaffPermission(permission: StaffPermission): StaffHook;
    /**
     * onRequest hook in place of both above, in one trip to the database:
     * the same 401s, the same 403 and refusal row (StaffSessions.gate).
     */
    staffGate(permission: StaffPermission): StaffHook;
    /**
     * Route options of a read made in one trip with its session and role
     * checks (`staffReader`), in place of the hooks above. The request is
     * validated after the handler has checked the session, so that a caller
     * without a live, allowed session is answered 401 or 403 and never 400,
     * as under the hooks.
     */
    staffRead(permission: StaffPermission): {
      attachValidation: true;
      preHandler: StaffHook;
    };
    /**
     * Runs a console read's statement (staff-session-read.ts) for the
     * request's token and sets `request.staff` once it succeeds.
     */
    staffReader(request: FastifyRequest): StaffReader;
  }
  interface FastifyRequest {
    staff: StaffAuth | null;
    /** The staff member of a route behind `authenticateStaff`. */
    requireStaff(): StaffAuth;
  }
}

/**
 * The billing office's sign-in as route options, like `authenticate` for
 * guarantors: `onRequest: app.staffGate('support')` (or the two hooks it
 * stands for), or a read made in one trip with `staffRead` and
 * `staffReader` (decision 0028). Staff and guarantor credentials never open
 * each other's calls (decision 0023).
 */
export default fp(
  async function authenticateStaff(app) {
    app.decorateRequest('staff', null);
    app.decorateRequest('requireStaff', function requireStaff(this: FastifyRequest) {
      if (!this.staff) throw apiErrors.unauthorized();
      return this.staff;
    });

    app.decorate('authenticateStaff', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw apiErrors.unauthorized();
      request.staff = await app.services.staff.sessions.authenticate(token);
    });

    app.decorate('requireStaffPermission', (permission: StaffPermission): StaffHook => {
      return async (request) => {
        const staff = request.requireStaff();
        if (staffCan(staff.role, permission)) return;
        await app.services.audit.record(requestContext(request), {
          action: 'access.denied',
          outcome: 'failure',
          actorType: 'staff',
          actorId: staff.staffId,
          targetType: 'route',
          targetId: routeOf(request),
          details: {
            permission,
            allowedRoles: rolesAllowedTo(permission),
            role: staff.role,
          },
        });
        throw apiErrors.staffPermissionRequired();
      };
    });

    const reader =
      (request: FastifyRequest): StaffReader =>
      async (statement, values) => {
        const token = bearerToken(request.headers.authorization);
        if (!token) throw apiErrors.unauthorized();
        const call = { context: requestContext(request), route: routeOf(request) };
        const { staff, payload } = await app.services.staff.sessions.read(
          token,
          statement,
          call,
          values,
        );
        request.staff = staff;
        return payload;
      };
    app.decorate('staffReader', reader);

    const gate = (permission: StaffPermission): StaffHook => {
      const statement = app.services.staff.sessions.gate(permission);
      return async (request) => {
        await reader(request)(statement);
      };
    };
    app.decorate('staffGate', gate);

    app.decorate('staffRead', (permission: StaffPermission) => {
      const check = gate(permission);
      return {
        // The input's refusals are kept for the preHandler, which checks the caller first.
        attachValidation: true as const,
        preHandler: async (request: FastifyRequest) => {
          const refusal = inputRefusal(request);
          if (!refusal) return;
          await check(request);
          throw refusal;
        },
      };
    });
  },
  { name: 'authenticate-staff', dependencies: ['services'] },
);
