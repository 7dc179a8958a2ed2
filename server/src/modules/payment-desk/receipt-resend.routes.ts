import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAYMENT_DESK_PATHS,
  resendReceiptRequestSchema,
  resendReceiptResultSchema,
} from '@webpay/contracts/payment-desk';
import { plainText } from '@webpay/contracts/plain-text';
import {
  BODY_ERRORS,
  PATH_ERRORS,
  SECURITY,
  SERVICE_ERRORS,
  errorResponses,
} from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';
import { ReceiptResendService } from './receipt-resend.service.ts';

/** The contract's path with a route parameter in place of the payment id. */
const resendPath = PAYMENT_DESK_PATHS.resendReceipt(':id').replace('%3Aid', ':id');

/** Payment ids are UUIDs: letters, digits and '-'. */
const paymentParams = z.object({
  id: plainText()
    .min(1)
    .max(100)
    .regex(/^[\w-]+$/),
});

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
