import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addStaffRequestSchema,
  enrolmentLinkSchema,
  staffListSchema,
  staffMemberSchema,
} from '@webpay/contracts/office';
import { z } from 'zod';
import {
  BODY_ERRORS,
  PATH_ERRORS,
  SECURITY,
  SERVICE_ERRORS,
  errorResponses,
} from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';
import type { StaffWithLink } from './staff-admin.service.ts';

/** Staff ids are UUIDs; anything else is refused before a lookup. */
const staffIdParamsSchema = z.object({ id: z.uuid() });

function linkView({ staff, enrolment }: StaffWithLink) {
  return { staff, enrolmentUrl: enrolment.url, expiresAt: enrolment.expiresAt.toISOString() };
}

type OfficeApp = Parameters<FastifyPluginAsyncZod>[0];

/** The signed-in administrator, as the audit trail names them. */
const administrator = (request: { requireStaff(): { staffId: string } }) => ({
  kind: 'staff' as const,
  staffId: request.requireStaff().staffId,
});

function readRoutes(app: OfficeApp) {
  const { staff } = app.services;
  app.get(
    '/staff',
    {
      schema: {
        tags: ['office'],
        summary: 'Every staff member',
        security: SECURITY.staff,
        response: { 200: staffListSchema, ...errorResponses(...SERVICE_ERRORS) },
      },
    },
    async (request) => ({
      staff: await staff.admin.list(administrator(request), requestContext(request)),
    }),
  );

  app.get(
    '/staff/:id',
    {
      schema: {
        tags: ['office'],
        summary: 'One staff member',
        security: SECURITY.staff,
        params: staffIdParamsSchema,
        response: {
          200: staffMemberSchema,
          ...errorResponses(...PATH_ERRORS, ...SERVICE_ERRORS, 404),
        },
      },
    },
    async (request) =>
      staff.admin.get(request.params.id, administrator(request), requestContext(request)),
  );
}

function changeRoutes(app: OfficeApp) {
  const { staff } = app.services;
  app.post(
    '/staff',
    {
      schema: {
        tags: ['office'],
        summary: 'Add a staff member and make their one-time enrolment link',
        description:
          'The link is valid for 72 hours and only once; hand it to its owner. 409 STAFF_EMAIL_IN_USE when another staff member has the address.',
        security: SECURITY.staff,
        body: addStaffRequestSchema,
        response: {
          201: enrolmentLinkSchema,
          ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS, 409),
        },
      },
    },
    async (request, reply) => {
      const added = await staff.admin.add(
        request.body,
        administrator(request),
        requestContext(request),
      );
      return reply.code(201).send(linkView(added));
    },
  );

  app.post(
    '/staff/:id/disable',
    {
      schema: {
        tags: ['office'],
        summary: 'Disable a staff member: no more sign-in, and their sessions end',
        description: 'Administrators cannot disable their own account (400).',
        security: SECURITY.staff,
        params: staffIdParamsSchema,
        response: {
          200: staffMemberSchema,
          ...errorResponses(...PATH_ERRORS, ...SERVICE_ERRORS, 404),
        },
      },
    },
    async (request) =>
      staff.admin.disable(request.params.id, administrator(request), requestContext(request)),
  );

  app.post(
    '/staff/:id/reset',
    {
      schema: {
        tags: ['office'],
        summary: 'Reset a staff member: a new enrolment link for a new password and second factor',
        description:
          'Password, TOTP key and recovery codes are cleared and sessions end; the staff member is invited again (a disabled one too). Administrators cannot reset their own account (400).',
        security: SECURITY.staff,
        params: staffIdParamsSchema,
        response: {
          200: enrolmentLinkSchema,
          ...errorResponses(...PATH_ERRORS, ...SERVICE_ERRORS, 404),
        },
      },
    },
    async (request) =>
      linkView(
        await staff.admin.reset(request.params.id, administrator(request), requestContext(request)),
      ),
  );
}

/** Staff administration: administrators only (the `administer` permission). */
const staffAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticateStaff);
  app.addHook('onRequest', app.requireStaffPermission('administer'));
  readRoutes(app);
  changeRoutes(app);
};

export default staffAdminRoutes;
