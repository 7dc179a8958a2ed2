import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { STAFF_PERMISSIONS, staffCan, type StaffPermission } from '@webpay/contracts/office';
import { apiErrors } from '../lib/api-error.ts';
import { requestContext } from '../lib/request-context.ts';
import { bearerToken } from '../modules/auth/session-tokens.ts';
import type { StaffAuth } from '../modules/staff/index.ts';

type StaffHook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: the call must carry a live staff session's bearer token (401 otherwise). */
    authenticateStaff: StaffHook;
    /**
     * onRequest hook after `authenticateStaff`: the staff member's role must
     * allow `permission` (STAFF_PERMISSIONS); the refusal is audited and
     * answered 403 STAFF_PERMISSION_REQUIRED.
     */
    requireStaffPermission(permission: StaffPermission): StaffHook;
  }
  interface FastifyRequest {
    staff: StaffAuth | null;
    /** The staff member of a route behind `authenticateStaff`. */
    requireStaff(): StaffAuth;
  }
}

/**
 * The billing office's sign-in as route options, like `authenticate` for
 * guarantors: `onRequest: [app.authenticateStaff, app.requireStaffPermission('support')]`.
 * Staff and guarantor credentials never open each other's calls (decision 0023).
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
          targetId: `${request.method} ${request.routeOptions.url ?? ''}`,
          details: {
            permission,
            requiredRole: STAFF_PERMISSIONS[permission],
            role: staff.role,
          },
        });
        throw apiErrors.staffPermissionRequired();
      };
    });
  },
  { name: 'authenticate-staff', dependencies: ['services'] },
);
