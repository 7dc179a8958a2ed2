import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OFFICE_RECURRING_PATHS,
  guarantorRecurringSchema,
  plansNeedingAttentionSchema,
  staffAutopayCancelSchema,
  staffAutopayCancelledSchema,
} from '@webpay/contracts/office-recurring';
import { plainText } from '@webpay/contracts/plain-text';
import {
  BODY_ERRORS,
  PATH_ERRORS,
  SECURITY,
  SERVICE_ERRORS,
  errorResponses,
} from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';

/** The contracts' paths with route parameters in place of the ids. */
const path = {
  recurring: OFFICE_RECURRING_PATHS.recurring(':id').replace('%3Aid', ':id'),
  cancelPlan: OFFICE_RECURRING_PATHS.cancelPlanAutopay(':id', ':planNumber')
    .replace('%3Aid', ':id')
    .replace('%3AplanNumber', ':planNumber'),
  cancelStatement: OFFICE_RECURRING_PATHS.cancelStatementAutopay(':id').replace('%3Aid', ':id'),
};

/** Ids and plan numbers: letters, digits, '-' and '_', never '.' or '/'. */
const id = () =>
  plainText()
    .min(1)
    .max(100)
    .regex(/^[\w-]+$/);

const AUDITED =
  'Every call is recorded in the audit trail with the staff member, address and request.';
const common = { tags: ['office'], security: SECURITY.staff };
const CANCEL_ERRORS = [...BODY_ERRORS, ...PATH_ERRORS, ...SERVICE_ERRORS, 404] as const;

type RecurringApp = Parameters<FastifyPluginAsyncZod>[0];

interface RouteKit {
  /** The session and role checks as a hook, in one trip, before the call's own work. */
  can(permission: 'read' | 'support'): {
    onRequest: ReturnType<RecurringApp['staffGate']>;
  };
  /** Options of a read made in one trip with those checks (run with `reader`). */
  reads: RecurringApp['staffRead'];
  reader: RecurringApp['staffReader'];
  recurring(): RecurringApp['services']['officeRecurring'];
}

/** A guarantor's recurring payments, and the plans needing attention. */
function readingRoutes(app: RecurringApp, { reads, reader, recurring }: RouteKit): void {
  app.get(
    path.recurring,
    {
      ...reads('read'),
      schema: {
        ...common,
        summary: "A guarantor's recurring payments",
        description: `Saved methods (masked: brand, last four, expiry; removed ones with removedAt), plans made in the portal with their instalments, autopay on statements, every authorization word for word with its time, address and language, the charges coming and the history with receipt numbers. ${AUDITED}`,
        params: z.object({ id: id() }),
        response: {
          200: guarantorRecurringSchema,
          ...errorResponses(...PATH_ERRORS, ...SERVICE_ERRORS, 404),
        },
      },
    },
    async (request) => recurring().recurringAsStaff(request.params.id, reader(request)),
  );

  app.get(
    OFFICE_RECURRING_PATHS.plansNeedingAttention,
    {
      ...reads('read'),
      schema: {
        ...common,
        summary: 'Plans needing attention',
        description: `Open plans with an instalment still overdue after autopay's second attempt was declined, oldest first, with the guarantor and the amount overdue. ${AUDITED}`,
        response: { 200: plansNeedingAttentionSchema, ...errorResponses(...SERVICE_ERRORS) },
      },
    },
    async (request) => recurring().plansNeedingAttentionAsStaff(reader(request)),
  );
}

/** The staff cancels, agents and up, each with a reason. */
function cancelRoutes(app: RecurringApp, { can, recurring }: RouteKit): void {
  app.post(
    path.cancelPlan,
    {
      ...can('support'),
      schema: {
        ...common,
        summary: "Cancel a plan's autopay",
        description: `Autopay on the plan ends at once: every charge not already being made is stopped and the authorization is revoked with the reason. The plan stays; its instalments are paid by hand. 404 for a plan of another guarantor or one without autopay. ${AUDITED}`,
        params: z.object({ id: id(), planNumber: id() }),
        body: staffAutopayCancelSchema,
        response: { 200: staffAutopayCancelledSchema, ...errorResponses(...CANCEL_ERRORS) },
      },
    },
    async (request) =>
      recurring().cancelPlanAutopay(
        request.params.id,
        request.params.planNumber,
        request.body,
        request.requireStaff(),
        requestContext(request),
      ),
  );

  app.post(
    path.cancelStatement,
    {
      ...can('support'),
      schema: {
        ...common,
        summary: 'Cancel autopay on statements',
        description: `Autopay on statements ends at once: every charge not already being made is stopped and the authorization is revoked with the reason. 404 when it is not on. ${AUDITED}`,
        params: z.object({ id: id() }),
        body: staffAutopayCancelSchema,
        response: { 200: staffAutopayCancelledSchema, ...errorResponses(...CANCEL_ERRORS) },
      },
    },
    async (request) =>
      recurring().cancelStatementAutopay(
        request.params.id,
        request.body,
        request.requireStaff(),
        requestContext(request),
      ),
  );
}

/**
 * A guarantor's recurring payments in the billing office console (issue #25):
 * read by every role, autopay cancelled by agents and up with a reason.
 * Registered in the console's API, behind the staff gate.
 */
const officeRecurringRoutes: FastifyPluginAsyncZod = async (app) => {
  const kit: RouteKit = {
    can: (permission) => ({ onRequest: app.staffGate(permission) }),
    reads: app.staffRead,
    reader: app.staffReader,
    recurring: () => app.services.officeRecurring,
  };
  readingRoutes(app, kit);
  cancelRoutes(app, kit);
};

export default officeRecurringRoutes;
