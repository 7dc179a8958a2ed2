import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '@webpay/contracts/api';
import {
  paymentHistoryQuerySchema,
  paymentHistorySchema,
  receiptIdParamsSchema,
} from '@webpay/contracts/payment-history';
import { COMPILED_ANSWERS } from '../../lib/compiled-serializer.ts';
import { PATH_ERRORS, SECURITY, SERVICE_ERRORS, errorResponses } from '../../lib/openapi.ts';
import { receiptResponseSchema } from '../payments/index.ts';

const ID_PLACEHOLDER = 'RECEIPT_ID';
/** The contracts' path with the receipt number as a route parameter. */
const receiptPath = API_PATHS.receipt(ID_PLACEHOLDER).replace(ID_PLACEHOLDER, ':receiptId');

const ROLE =
  'Needs the historical-data role (SPEC §6): without it 403 HISTORICAL_DATA_REQUIRED. Every read is audited.';

const paymentHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  // The guarantor's own data; the session and role checks are part of each read.
  const history = () => app.services.paymentHistory;

  app.get(
    API_PATHS.payments,
    {
      schema: {
        tags: ['payment-history'],
        summary: 'Payment history',
        description: [
          'The signed-in guarantor’s recorded payments, newest first, each with its receipt number, lines, and the card or bank account masked to its kind and last four digits.',
          'status is applied once the billing office has posted the payment to the accounts, pending until then.',
          'from and to (YYYY-MM-DD, both optional) keep the payments made on those days and between them, read as days in the facility’s time zone (timeZone in GET /config/app); from after to is 400.',
          ROLE,
        ].join(' '),
        security: SECURITY.signedIn,
        querystring: paymentHistoryQuerySchema,
        response: { 200: paymentHistorySchema, ...errorResponses(400, ...SERVICE_ERRORS) },
      },
      ...app.historicalReadInput,
      ...COMPILED_ANSWERS,
    },
    async (request) =>
      app.readSignedIn(request, history().history, {
        from: request.query.from ?? null,
        to: request.query.to ?? null,
      }),
  );

  app.get(
    receiptPath,
    {
      schema: {
        tags: ['payment-history'],
        summary: 'One receipt',
        description: [
          'The receipt of one of the guarantor’s payments, exactly as it was issued when the payment was recorded.',
          'An unknown receipt number, or another guarantor’s, is 404 RECEIPT_NOT_FOUND: the two cannot be told apart.',
          ROLE,
        ].join(' '),
        security: SECURITY.signedIn,
        params: receiptIdParamsSchema,
        response: {
          200: receiptResponseSchema,
          ...errorResponses(...PATH_ERRORS, ...SERVICE_ERRORS, 404),
        },
      },
      ...app.historicalReadInput,
    },
    async (request) =>
      app.readSignedIn(request, history().receipt, { receiptId: request.params.receiptId }),
  );
};

export default paymentHistoryRoutes;
