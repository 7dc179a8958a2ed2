import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PAYMENT_DESK_PATHS,
  resendReceiptRequestSchema,
  resendReceiptResultSchema,
} from '@webpay/contracts/payment-desk';
import {
  BODY_ERRORS,
  PATH_ERRORS,
  SECURITY,
  SERVICE_ERRORS,
  errorResponses,
} from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';
import { paymentParams, paymentRoute } from './desk-params.ts';
import { ReceiptResendService } from './receipt-resend.service.ts';

const resendPath = paymentRoute(PAYMENT_DESK_PATHS.resendReceipt);

/**
 * Sending a receipt again from the payment desk, behind staff sign-in with
 * the 'support' permission. Registered in the office API (app.ts) beside
 * the console's other routes.
 */
export const receiptResendRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticateStaff);
  let service: ReceiptResendService | undefined;
  const resender = () =>
    (service ??= new ReceiptResendService(
      app.database.db,
      app.services.receiptMailer,
      app.services.audit,
    ));

  app.post(
    resendPath,
    {
      onRequest: app.requireStaffPermission('support'),
      schema: {
        tags: ['office'],
        security: SECURITY.staff,
        summary: 'Send a receipt again',
        description:
          "The payment's receipt as it was issued, e-mailed again through the mail outbox: to `email` when given, else to the payment's receipt address, else to the guarantor's (409 when there is none). Only for recorded payments with a receipt. Audited as payment.receipt.resent with the address and the reason.",
        params: paymentParams,
        body: resendReceiptRequestSchema,
        response: {
          200: resendReceiptResultSchema,
          ...errorResponses(...BODY_ERRORS, ...PATH_ERRORS, ...SERVICE_ERRORS, 404, 409),
        },
      },
    },
    async (request) =>
      resender().resend(
        request.params.id,
        request.body,
        request.requireStaff(),
        requestContext(request),
      ),
  );
};
