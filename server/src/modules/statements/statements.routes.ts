import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '@webpay/contracts/api';
import {
  statementDetailSchema,
  statementIdParamsSchema,
  statementListSchema,
} from '@webpay/contracts/statements';
import { COMPILED_ANSWERS } from '../../lib/compiled-serializer.ts';
import { PATH_ERRORS, SECURITY, SERVICE_ERRORS, errorResponses } from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';
import { varyByLanguage } from '../../lib/vary-by-language.ts';

const ID_PLACEHOLDER = 'STATEMENT_ID';
/** The contracts' paths with the id as a route parameter. */
const statementPath = API_PATHS.statement(ID_PLACEHOLDER).replace(ID_PLACEHOLDER, ':id');
const statementPdfPath = API_PATHS.statementPdf(ID_PLACEHOLDER).replace(ID_PLACEHOLDER, ':id');

const ROLE =
  'Needs the historical-data role (SPEC §6): without it 403 HISTORICAL_DATA_REQUIRED. Every read is audited.';
const NOT_FOUND =
  'An unknown id, or another guarantor’s, is 404 STATEMENT_NOT_FOUND: the two cannot be told apart.';

/** Statements. */
const statementsSchema = {
  tags: ['statements'],
  summary: 'Statements',
  description: [
    'The signed-in guarantor’s statements, newest statement date first, without their lines. Amounts in dollars.',
    ROLE,
  ].join(' '),
  security: SECURITY.signedIn,
  response: { 200: statementListSchema, ...errorResponses(...SERVICE_ERRORS) },
} satisfies FastifySchema;

/** One statement. */
const statementSchema = {
  tags: ['statements'],
  summary: 'One statement',
  description: [
    'The statement with its lines as they stood on the statement date, the sum of each column (totals) and the guarantor’s name.',
    'Its reconciliation compares the amount due with what the dashboard’s Hospitals & Clinics tab asks for today: amountDue − inPaymentPlans + planPaymentsDue + otherChanges = dueNow; paymentsInProcess (received after the statement date, not yet applied) is subtracted from neither.',
    'The status is read on the facility’s day: an open statement is past_due from the day after its due date.',
    ROLE,
    NOT_FOUND,
  ].join(' '),
  security: SECURITY.signedIn,
  params: statementIdParamsSchema,
  response: {
    200: statementDetailSchema,
    ...errorResponses(...PATH_ERRORS, ...SERVICE_ERRORS, 404),
  },
} satisfies FastifySchema;

/** One statement as PDF. */
const statementPdfSchema = {
  tags: ['statements'],
  summary: 'One statement as PDF',
  description: [
    'The statement laid out for printing (US Letter, as many pages as its lines need, the table header repeated and the pages numbered), made from the stored statement on each call, with the same comparison with the dashboard as GET /statements/{id}.',
    'Sent as an attachment named statement-YYYY-MM-DD.pdf (the statement date) with Cache-Control: no-store.',
    ROLE,
    NOT_FOUND,
  ].join(' '),
  security: SECURITY.signedIn,
  params: statementIdParamsSchema,
  response: {
    200: {
      description: 'The statement as a PDF document',
      // `any` so the handler may send bytes; the document still says what they are.
      content: {
        'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) },
      },
    },
    ...errorResponses(...PATH_ERRORS, ...SERVICE_ERRORS, 404),
  },
} satisfies FastifySchema;

const statementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const statements = () => app.services.statements;

  // The guarantor's own data; the session and role checks are part of the read.
  app.get(
    API_PATHS.statements,
    { schema: statementsSchema, ...COMPILED_ANSWERS },
    async (request) => app.readSignedIn(request, statements().list),
  );

  app.get(
    statementPath,
    {
      schema: statementSchema,
      ...app.historicalReadInput,
    },
    async (request) =>
      app.readSignedIn(request, statements().detail, { statementId: request.params.id }),
  );

  app.get(
    statementPdfPath,
    {
      schema: statementPdfSchema,
      // The PDF's audit row counts its bytes, so it is written after the rendering.
      onRequest: [app.authenticate, app.requireHistoricalData],
    },
    async (request, reply) => {
      const pdf = await statements().pdf(
        request.requireAuth().guarantorId,
        request.params.id,
        requestContext(request),
      );
      varyByLanguage(reply);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.filename}"`)
        .header('content-language', request.language)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf.bytes));
    },
  );
};

export default statementsRoutes;
