import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PAYMENT_DESK_PATHS,
  approvalDecisionSchema,
  approvalsSchema,
  deskPaymentSchema,
  paymentSearchQuerySchema,
  paymentSearchResultSchema,
  processorCheckResultSchema,
  refundRequestSchema,
  rejectionSchema,
  reversalResultSchema,
  voidRequestSchema,
} from '@webpay/contracts/payment-desk';
import {
  BODY_ERRORS,
  PATH_ERRORS,
  SECURITY,
  SERVICE_ERRORS,
  errorResponses,
} from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';
import { DESK_MESSAGES } from './desk-messages.ts';
import { paymentParams, paymentRoute, reversalParams } from './desk-params.ts';

/** The contracts' paths with route parameters in place of the ids. */
const path = {
  payment: paymentRoute(PAYMENT_DESK_PATHS.payment),
  void: paymentRoute(PAYMENT_DESK_PATHS.void),
  refund: paymentRoute(PAYMENT_DESK_PATHS.refund),
  check: paymentRoute(PAYMENT_DESK_PATHS.checkWithProcessor),
  approve: PAYMENT_DESK_PATHS.approve(':id', ':reversalId')
    .replace('%3Aid', ':id')
    .replace('%3AreversalId', ':reversalId'),
  reject: PAYMENT_DESK_PATHS.reject(':id', ':reversalId')
    .replace('%3Aid', ':id')
    .replace('%3AreversalId', ':reversalId'),
};

const AUDITED =
  'Every call is recorded in the audit trail with the staff member, address and request.';
const REVERSAL_ERRORS = [...BODY_ERRORS, ...PATH_ERRORS, ...SERVICE_ERRORS, 404, 409] as const;
const REVERSAL_ANSWER =
  'Answers 200 with the reversal as it stands: completed, awaiting_approval (above REFUND_APPROVAL_THRESHOLD), processing (the processor did not answer; reconciliation confirms it), declined or failed. The same idempotencyKey again answers the same reversal; another body under it is 409.';

/**
 * The billing office's payment desk (docs/payment-desk.md): find a payment,
 * read it, void or refund it, approve or reject what waits. Registered in
 * the console's API, behind the staff gate.
 */
type DeskApp = Parameters<FastifyPluginAsyncZod>[0];

interface RouteKit {
  /** The session and role checks as a hook, in one trip, before the call's own work. */
  can(permission: 'read' | 'support' | 'approve'): {
    onRequest: ReturnType<DeskApp['staffGate']>;
  };
  /** Options of a read made in one trip with those checks (run with `reader`). */
  reads: DeskApp['staffRead'];
  reader: DeskApp['staffReader'];
  desk(): DeskApp['services']['paymentDesk'];
}

const common = { tags: ['payment-desk'], security: SECURITY.staff };

/** Find a payment, read it, and the approvals queue. */
function readingRoutes(app: DeskApp, { can, reads, reader, desk }: RouteKit): void {
  const readGate = can('read').onRequest;
  app.get(
    PAYMENT_DESK_PATHS.search,
    {
      ...reads('read'),
      schema: {
        ...common,
        summary: 'Find a payment',
        description: `Receipt number or reference, facility days from/to (a recorded payment counts on the day it was recorded), amount, last four digits of the card or bank account, method, desk status, facility. Newest first, at most 100; more says there were others. ${AUDITED}`,
        querystring: paymentSearchQuerySchema,
        response: { 200: paymentSearchResultSchema, ...errorResponses(400, ...SERVICE_ERRORS) },
      },
    },
    async (request) => {
      const { search } = desk();
      if (search.inOneTrip(request.query)) {
        return search.searchAsStaff(request.query, reader(request));
      }
      await readGate(request);
      return search.search(request.query, request.requireStaff(), requestContext(request));
    },
  );

  app.get(
    path.payment,
    {
      ...can('read'),
      schema: {
        ...common,
        summary: 'A payment',
        description: `Lines, payer, guarantor, posting, the processor's record read live (txnquery), reversals, what may be done now and why not, e-mails and the whole history. ${AUDITED}`,
        params: paymentParams,
        response: {
          200: deskPaymentSchema,
          ...errorResponses(...PATH_ERRORS, ...SERVICE_ERRORS, 404),
        },
      },
    },
    async (request) =>
      desk().page.page(request.params.id, request.requireStaff(), requestContext(request)),
  );
}

/** Void, refund, approve, reject. */
function reversalRoutes(app: DeskApp, { can, desk }: RouteKit): void {
  app.post(
    path.void,
    {
      ...can('support'),
      schema: {
        ...common,
        summary: 'Void a payment',
        description: `Before its batch settles, the whole payment (ccvoid, ecsvoid); after it, 409: refund instead. ${REVERSAL_ANSWER} ${AUDITED}`,
        params: paymentParams,
        body: voidRequestSchema,
        response: { 200: reversalResultSchema, ...errorResponses(...REVERSAL_ERRORS) },
      },
    },
    async (request) =>
      desk().reversals.voidPayment(
        request.params.id,
        request.body,
        request.requireStaff(),
        requestContext(request),
      ),
  );

  app.post(
    path.refund,
    {
      ...can('approve'),
      schema: {
        ...common,
        summary: 'Refund a payment',
        description: `After its batch settles: a card to the same card (ccreturn, partial allowed), an eCheck by check (recorded, no processor call). Before settlement, 409: void instead. An amount above what remains refundable is 400 (AMOUNT_EXCEEDS_REFUNDABLE). ${REVERSAL_ANSWER} ${AUDITED}`,
        params: paymentParams,
        body: refundRequestSchema,
        response: { 200: reversalResultSchema, ...errorResponses(...REVERSAL_ERRORS) },
      },
    },
    async (request) =>
      desk().reversals.refund(
        request.params.id,
        request.body,
        request.requireStaff(),
        requestContext(request),
      ),
  );
}

/** Records what was done to a payment directly in the processor's own screens. */
function processorCheckRoute(app: DeskApp, { can, desk }: RouteKit): void {
  app.post(
    path.check,
    {
      ...can('support'),
      schema: {
        ...common,
        summary: 'Check a payment with the processor',
        description: `Voids and returns of this payment made directly at the processor become completed reversals now, with the e-mail and pending changes reconciliation would make; 503 when the processor cannot be asked. ${AUDITED}`,
        params: paymentParams,
        response: {
          200: processorCheckResultSchema,
          ...errorResponses(...PATH_ERRORS, ...SERVICE_ERRORS, 404),
        },
      },
    },
    async (request) => {
      const staff = request.requireStaff();
      const found = await desk().reconcile.checkPayment(
        request.params.id,
        { type: 'staff', staffId: staff.staffId },
        requestContext(request),
      );
      return {
        found: found.length,
        message: DESK_MESSAGES[request.language].checked(found.length),
      };
    },
  );
}

/** A second supervisor's decision on what waits, and the queue of it. */
function approvalRoutes(app: DeskApp, { can, desk }: RouteKit): void {
  app.post(
    path.approve,
    {
      ...can('approve'),
      schema: {
        ...common,
        summary: 'Approve a void or refund',
        description: `By a supervisor other than the one who asked (403 otherwise); then the processor is called. ${AUDITED}`,
        params: reversalParams,
        body: approvalDecisionSchema,
        response: { 200: reversalResultSchema, ...errorResponses(...REVERSAL_ERRORS) },
      },
    },
    async (request) =>
      desk().reversals.approve(
        request.params.id,
        request.params.reversalId,
        request.requireStaff(),
        requestContext(request),
      ),
  );

  app.post(
    path.reject,
    {
      ...can('approve'),
      schema: {
        ...common,
        summary: 'Reject a void or refund',
        description: `Nothing is given back; the reason is required and kept. ${AUDITED}`,
        params: reversalParams,
        body: rejectionSchema,
        response: { 200: reversalResultSchema, ...errorResponses(...REVERSAL_ERRORS) },
      },
    },
    async (request) =>
      desk().reversals.reject(
        request.params.id,
        request.params.reversalId,
        request.body.reason,
        request.requireStaff(),
        requestContext(request),
      ),
  );

  app.get(
    PAYMENT_DESK_PATHS.approvals,
    {
      ...can('read'),
      schema: {
        ...common,
        summary: 'Voids and refunds awaiting approval',
        description: 'Oldest first.',
        response: { 200: approvalsSchema, ...errorResponses(...SERVICE_ERRORS) },
      },
    },
    async () => desk().reversals.approvals(),
  );
}

const paymentDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const kit: RouteKit = {
    can: (permission) => ({ onRequest: app.staffGate(permission) }),
    reads: app.staffRead,
    reader: app.staffReader,
    desk: () => app.services.paymentDesk,
  };
  readingRoutes(app, kit);
  reversalRoutes(app, kit);
  approvalRoutes(app, kit);
  processorCheckRoute(app, kit);
};

export default paymentDeskRoutes;
