import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS, IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import {
  achPaymentRequestSchema,
  cancelPaymentRequestSchema,
  cardCompletionRequestSchema,
  cardStartRequestSchema,
  cardStartResponseSchema,
} from '@webpay/contracts/payments';
import { plainText } from '@webpay/contracts/plain-text';
import {
  BODY_ERRORS,
  PATH_ERRORS,
  SECURITY,
  SERVICE_ERRORS,
  errorResponses,
} from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';
import { paymentErrors } from './payment-errors.ts';
import { PAYMENT_REFERENCE_PATTERN } from './payment-references.ts';
import { receiptResponseSchema } from './receipts.ts';
import { IDEMPOTENCY_HEADER_NAME, idempotencyHeaders } from '../../lib/idempotency-header.ts';

const ID_PLACEHOLDER = 'PAYMENT_ID';
/** The contracts' paths with the id as a route parameter. */
const paymentPath = API_PATHS.payment(ID_PLACEHOLDER).replace(ID_PLACEHOLDER, ':id');
const paymentCardPath = API_PATHS.paymentCard(ID_PLACEHOLDER).replace(ID_PLACEHOLDER, ':id');

const idempotencyHeadersSchema = idempotencyHeaders(
  'One key per payment attempt; a repeat with the same key gets the same answer.',
);

const paymentParamsSchema = z.object({
  id: plainText().min(1).max(64).meta({ description: 'The refNum of POST /payments/init' }),
});

const IDEMPOTENCY = `Send ${IDEMPOTENCY_KEY_HEADER} (8–128 of A–Z a–z 0–9 - _), one per payment attempt: a repeat with the same key and body gets the first answer and charges nothing more, even while the first is still running; the same key with a different body is 409 IDEMPOTENCY_KEY_REUSED.`;
const LINES =
  'Every line is checked against the caller’s open accounts (SPEC §9 labels and account ids): an unknown account, or anyone else’s, is 404 ACCOUNT_NOT_FOUND; a label that does not fit its account 400 PAYMENT_TYPE_MISMATCH; an account listed twice 400 DUPLICATE_ACCOUNT; more than the open balance 400 AMOUNT_EXCEEDS_BALANCE; lines adding up to more than the largest payment (each line’s amount maximum) 400 VALIDATION_ERROR on body.accounts. `details` names each bad line as body.accounts.N. Nothing is written or charged when a line is refused.';
const SAVE_EMAIL =
  "saveEmailAsGuarantor true needs a 'totp' session and a payer e-mail (403 SAVE_EMAIL_NOT_ALLOWED otherwise); the address becomes the guarantor's once the payment is recorded.";

/** Start a card payment. */
const startCardPaymentSchema = {
  tags: ['payments'],
  summary: 'Start a card payment',
  description: [
    'Checks the lines, records the payment (status initiated) and opens a card session at the processor for the lines’ total, with refNum as its invoice number. Answers the refNum and the lightbox token for PayWithConverge.open.',
    IDEMPOTENCY,
    LINES,
    SAVE_EMAIL,
    'Processor failures: 408 PROCESSOR_TIMEOUT, 500 PROCESSOR_ERROR (nothing can be charged).',
  ].join(' '),
  security: SECURITY.signedIn,
  headers: idempotencyHeadersSchema,
  body: cardStartRequestSchema,
  response: {
    200: cardStartResponseSchema,
    ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS, 404, 408, 409),
  },
} satisfies FastifySchema;

/** Complete a card payment. */
const completeCardPaymentSchema = {
  tags: ['payments'],
  summary: 'Complete a card payment',
  description: [
    'Takes the lightbox’s onApproval response, but trusts only its ssl_txn_id: the transaction is looked up at the processor (txnquery) and must be an approval of this payment’s amount and refNum, not voided; anything else is 402 PAYMENT_NOT_VERIFIED and records nothing.',
    'The payment is recorded exactly once, with its receipt and a pending payment on every account it paid; every repeat, concurrent or later, answers the same receipt. The receipt is e-mailed when the payer gave an address.',
    SAVE_EMAIL,
    'Not the caller’s payment: 404 PAYMENT_NOT_FOUND. Processor unreachable: 408 PROCESSOR_TIMEOUT or 500 PROCESSOR_ERROR; the payment stays open and is reconciled later.',
  ].join(' '),
  security: SECURITY.signedIn,
  params: paymentParamsSchema,
  body: cardCompletionRequestSchema,
  response: {
    200: receiptResponseSchema,
    ...errorResponses(...BODY_ERRORS, ...PATH_ERRORS, ...SERVICE_ERRORS, 402, 404, 408),
  },
} satisfies FastifySchema;

/** Cancel a card payment. */
const cancelCardPaymentSchema = {
  tags: ['payments'],
  summary: 'Cancel a card payment',
  description: [
    'The lightbox ended without a charge; `message` says why. If the processor nevertheless holds an approval for this payment (a cancel racing an approval), it is recorded instead, and the next GET /encounters shows it.',
    'Otherwise the payment becomes declined (when the message says so) or cancelled. Repeats answer 204. A recorded payment: 409 PAYMENT_ALREADY_RECORDED; an eCheck payment: 409 PAYMENT_NOT_CANCELLABLE. When the processor cannot be asked, the payment is left open for reconciliation and the answer is still 204.',
  ].join(' '),
  security: SECURITY.signedIn,
  params: paymentParamsSchema,
  body: cancelPaymentRequestSchema,
  response: {
    204: z.undefined().describe('Cancelled, or recorded after all'),
    ...errorResponses(...BODY_ERRORS, ...PATH_ERRORS, ...SERVICE_ERRORS, 404, 409),
  },
} satisfies FastifySchema;

/** Pay by eCheck (ACH). */
const payByECheckSchema = {
  tags: ['payments'],
  summary: 'Pay by eCheck (ACH)',
  description: [
    'Checks the lines, records the payment, debits the bank account through the processor (ecspurchase, invoice number = the payment’s reference) and answers the receipt. Only the last four digits, the account type and a keyed fingerprint of the account are kept.',
    'The payer must accept the eCheck authorization (a one-time debit of the total, on the hospital’s day, from the account ending in its last four digits, to the provider, with the billing office’s phone and e-mail): `authorization` carries `accepted: true` and the text the portal showed, in the language of Accept-Language. The service words the same text and compares; without acceptance, or with other words, the answer is 400 VALIDATION_ERROR naming body.authorization and nothing is written or debited. The text is kept with the payment, sent to the processor as ssl_agree=1 and quoted on the receipt.',
    IDEMPOTENCY,
    LINES,
    SAVE_EMAIL,
    'Declined: 402 PAYMENT_DECLINED. Processor refused: 500 PROCESSOR_ERROR. No answer in time: 408 PROCESSOR_TIMEOUT, and the payment stays open until reconciliation (or a repeat with the same key) finds out what happened.',
  ].join(' '),
  security: SECURITY.signedIn,
  headers: idempotencyHeadersSchema,
  body: achPaymentRequestSchema,
  response: {
    200: receiptResponseSchema,
    ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS, 402, 404, 408, 409),
  },
} satisfies FastifySchema;

const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  const payments = () => app.services.payments;

  app.post(
    API_PATHS.paymentsInit,
    {
      schema: startCardPaymentSchema,
    },
    async (request) =>
      payments().startCard(
        request.requireAuth(),
        request.headers[IDEMPOTENCY_HEADER_NAME] as string,
        request.body,
        requestContext(request),
      ),
  );

  app.put(
    paymentCardPath,
    {
      schema: completeCardPaymentSchema,
    },
    async (request) => {
      const { id } = request.params;
      if (!PAYMENT_REFERENCE_PATTERN.test(id)) throw paymentErrors.paymentNotFound();
      // The user agent goes with a card saved from this payment's consent.
      return payments().completeCard(request.requireAuth(), id, request.body, {
        ...requestContext(request),
        userAgent: request.headers['user-agent'] ?? null,
      });
    },
  );

  app.delete(
    paymentPath,
    {
      schema: cancelCardPaymentSchema,
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!PAYMENT_REFERENCE_PATTERN.test(id)) throw paymentErrors.paymentNotFound();
      await payments().cancel(request.requireAuth(), id, request.body, requestContext(request));
      return reply.code(204).send();
    },
  );

  app.post(
    API_PATHS.paymentsAch,
    {
      schema: payByECheckSchema,
    },
    async (request) =>
      payments().payAch(
        request.requireAuth(),
        request.headers[IDEMPOTENCY_HEADER_NAME] as string,
        request.body,
        requestContext(request),
      ),
  );
};

export default paymentsRoutes;
