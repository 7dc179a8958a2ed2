import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAYMENT_DESK_PATHS,
  moneyReportCsvQuerySchema,
  moneyReportQuerySchema,
  moneyReportSchema,
  settlementQuerySchema,
  settlementReportSchema,
} from '@webpay/contracts/payment-desk';
import { SECURITY, SERVICE_ERRORS, errorResponses } from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';

const AUDITED =
  'Every call is recorded in the audit trail with the staff member, address and request.';
const PERIOD =
  'from and to are facility days (WEBPAY_TIME_ZONE), both included, at most 366 days apart.';

/**
 * The console's reports: the money per day and the settlement against the
 * processor's batches. Read only, behind staff sign-in and 'read'.
 */
const officeReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The money report is read in one trip with the checks; the settlement asks the processor too.
  const reads = app.staffRead('read');
  const gate = { onRequest: app.staffGate('read') };
  const reports = () => app.services.officeReports;

  app.get(
    PAYMENT_DESK_PATHS.moneyReport,
    {
      ...reads,
      schema: {
        tags: ['office'],
        security: SECURITY.staff,
        summary: 'Payments, refunds and net per day',
        description: `Payments on the facility day they were recorded, completed voids and refunds on the day they completed, in integer cents; every day of the period, by method and by facility. ${PERIOD} ${AUDITED}`,
        querystring: moneyReportQuerySchema,
        response: { 200: moneyReportSchema, ...errorResponses(400, ...SERVICE_ERRORS) },
      },
    },
    async (request) => reports().money.reportAsStaff(request.query, app.staffReader(request)),
  );

  app.get(
    PAYMENT_DESK_PATHS.moneyReportCsv,
    {
      ...reads,
      schema: {
        tags: ['office'],
        security: SECURITY.staff,
        summary: 'The money report as CSV',
        description: `One line per day (view=day), per day and method (method) or per day and facility (facility); amounts in dollars with two decimals. ${PERIOD} ${AUDITED}`,
        querystring: moneyReportCsvQuerySchema,
        response: {
          200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
          ...errorResponses(400, ...SERVICE_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const csv = await reports().money.csvAsStaff(request.query, app.staffReader(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .header('cache-control', 'no-store')
        .send(csv.text);
    },
  );

  app.get(
    PAYMENT_DESK_PATHS.settlement,
    {
      ...gate,
      schema: {
        tags: ['office'],
        security: SECURITY.staff,
        summary: "WebPay's totals against the processor's settled batches",
        description: `Per facility day of the transaction: WebPay's sales less returns, the processor's settled ones (read live with txnquery), its batches, and every transaction the two disagree about. When the processor cannot be asked, error says so and its columns are null. ${PERIOD} ${AUDITED}`,
        querystring: settlementQuerySchema,
        response: { 200: settlementReportSchema, ...errorResponses(400, ...SERVICE_ERRORS) },
      },
    },
    async (request) =>
      reports().settlement.report(request.query, request.requireStaff(), requestContext(request)),
  );
};

export default officeReportsRoutes;
