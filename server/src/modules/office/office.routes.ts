import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OFFICE_API_PATHS,
  auditPageSchema,
  auditQuerySchema,
  guarantorPageSchema,
  guarantorSearchResultSchema,
  officeHomeSchema,
  searchQuerySchema,
  supportActionRequestSchema,
  supportActionResultSchema,
  supportActionSchema,
  type StaffPermission,
} from '@webpay/contracts/office';
import { PAYMENT_HISTORY_QUERY_MESSAGES } from '@webpay/contracts/payment-history';
import { plainText } from '@webpay/contracts/plain-text';
import {
  BODY_ERRORS,
  PATH_ERRORS,
  SECURITY,
  SERVICE_ERRORS,
  errorResponses,
} from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';
import { varyByLanguage } from '../../lib/vary-by-language.ts';
import type { OfficeServices } from './office-services.ts';
import type { StaffActor } from './staff-actor.ts';

/** The contracts' paths with route parameters in place of the ids. */
const path = {
  guarantor: OFFICE_API_PATHS.guarantor(':id').replace('%3Aid', ':id'),
  statementPdf: OFFICE_API_PATHS.guarantorStatementPdf(':id', ':statementId')
    .replace('%3Aid', ':id')
    .replace('%3AstatementId', ':statementId'),
  action: `${OFFICE_API_PATHS.guarantor(':id').replace('%3Aid', ':id')}/actions/:action`,
  pinLetter: OFFICE_API_PATHS.pinLetter(':id', ':letterId')
    .replace('%3Aid', ':id')
    .replace('%3AletterId', ':letterId'),
};

/** Ids are UUIDs or the billing system's codes: letters, digits, '-' and '_', never '.' or '/'. */
const id = () =>
  plainText()
    .min(1)
    .max(100)
    .regex(/^[\w-]+$/);

/** A whole number as typed in a query: digits only, so 1e2, 0x10 or 2.0 are refused, not read. */
const wholeNumber = (min: number, max: number) =>
  plainText()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
const guarantorParams = z.object({ id: id() });
const pdfResponse = {
  description: 'A PDF document',
  content: { 'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
};
/**
 * The contract's filters, with page size and position read strictly, and a
 * period the wrong way round refused in the words the payment history uses.
 */
const auditFilterSchema = auditQuerySchema
  .extend({
    limit: wholeNumber(1, 500).default(100),
    before: wholeNumber(1, Number.MAX_SAFE_INTEGER).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: PAYMENT_HISTORY_QUERY_MESSAGES.rangeReversed,
    path: ['from'],
  });

const AUDITED =
  'Every call is recorded in the audit trail with the staff member, address and request.';

function sendPdf(
  reply: FastifyReply,
  pdf: { filename: string; bytes: Uint8Array },
  language: string,
) {
  varyByLanguage(reply);
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.filename}"`)
    .header('content-language', language)
    .header('cache-control', 'no-store')
    .send(Buffer.from(pdf.bytes));
}

type OfficeApp = Parameters<FastifyPluginAsyncZod>[0];

interface RouteKit {
  /** The session and role checks as a hook, in one trip, before the call's own work. */
  can(permission: StaffPermission): { onRequest: (request: FastifyRequest) => Promise<void> };
  /** Options of a read made in one trip with those checks (run with `reader`). */
  reads: OfficeApp['staffRead'];
  reader: OfficeApp['staffReader'];
  actor(request: FastifyRequest): StaffActor;
  office: () => OfficeServices;
}

/** Home and search. */
function findingRoutes(app: OfficeApp, { can, reads, reader, actor, office }: RouteKit): void {
  app.get(
    OFFICE_API_PATHS.home,
    {
      ...can('read'),
      schema: {
        tags: ['office'],
        security: SECURITY.staff,
        summary: "The office's day",
        description: `Today's payments (the facility's day), what needs attention, and the last import, export and reconciliation. ${AUDITED}`,
        response: { 200: officeHomeSchema, ...errorResponses(...SERVICE_ERRORS) },
      },
    },
    async (request) => office().home.home(actor(request), requestContext(request)),
  );

  app.get(
    OFFICE_API_PATHS.search,
    {
      ...reads('read'),
      schema: {
        tags: ['office'],
        security: SECURITY.staff,
        summary: 'Find a guarantor',
        description: `One search box: account number, name (word beginnings, accents and letter case ignored), birthdate (1985-04-12 or 04/12/1985), e-mail, phone (digits compared), receipt number or encounter id. At most 50 hits; more says there were others. ${AUDITED}`,
        querystring: searchQuerySchema,
        response: { 200: guarantorSearchResultSchema, ...errorResponses(400, ...SERVICE_ERRORS) },
      },
    },
    async (request) => office().search.searchAsStaff(request.query.q, reader(request)),
  );
}

/** A guarantor's page and statement PDFs. */
function guarantorRoutes(app: OfficeApp, { can, reads, reader, actor, office }: RouteKit): void {
  app.get(
    path.guarantor,
    {
      ...reads('read'),
      schema: {
        tags: ['office'],
        security: SECURITY.staff,
        summary: "A guarantor's page",
        description: `Identity, contact, billing exactly as GET /encounters answers the guarantor, statements, payments, e-mails and sign-in state. ${AUDITED}`,
        params: guarantorParams,
        response: {
          200: guarantorPageSchema,
          ...errorResponses(...PATH_ERRORS, ...SERVICE_ERRORS, 404),
        },
      },
    },
    async (request) =>
      office().guarantors.pageAsStaff(
        request.params.id,
        reader(request),
        requestContext(request),
        () => actor(request),
      ),
  );

  app.get(
    path.statementPdf,
    {
      ...can('read'),
      schema: {
        tags: ['office'],
        security: SECURITY.staff,
        summary: "A guarantor's statement as PDF",
        description: `The PDF the portal gives the guarantor. ${AUDITED}`,
        params: z.object({ id: id(), statementId: id() }),
        response: { 200: pdfResponse, ...errorResponses(...PATH_ERRORS, ...SERVICE_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      const pdf = await office().guarantors.statementPdf(
        request.params.id,
        request.params.statementId,
        actor(request),
        requestContext(request),
      );
      return sendPdf(reply, pdf, request.language);
    },
  );
}

/** Support actions and the PIN letters they print. */
function supportRoutes(app: OfficeApp, { can, actor, office }: RouteKit): void {
  app.post(
    path.action,
    {
      ...can('support'),
      schema: {
        tags: ['office'],
        security: SECURITY.staff,
        summary: 'A support action',
        description: `unlock-sign-in, sign-out-all-sessions, send-sign-in-link, issue-new-pin or correct-email (with email). The reason is required and kept in the audit row. ${AUDITED}`,
        params: z.object({ id: id(), action: supportActionSchema }),
        body: supportActionRequestSchema,
        response: {
          200: supportActionResultSchema,
          ...errorResponses(...BODY_ERRORS, ...PATH_ERRORS, ...SERVICE_ERRORS, 404, 409),
        },
      },
    },
    async (request) =>
      office().support.perform(
        request.params.id,
        request.params.action,
        request.body,
        actor(request),
        requestContext(request),
      ),
  );

  app.get(
    path.pinLetter,
    {
      ...can('support'),
      schema: {
        tags: ['office'],
        security: SECURITY.staff,
        summary: 'The PIN letter to print',
        description: `The letter of the PIN just issued; it can be fetched once, within a day. ${AUDITED}`,
        params: z.object({ id: id(), letterId: id() }),
        response: { 200: pdfResponse, ...errorResponses(...PATH_ERRORS, ...SERVICE_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      const pdf = await office().pinLetters.print(
        request.params.id,
        request.params.letterId,
        actor(request),
        requestContext(request),
      );
      return sendPdf(reply, pdf, request.language);
    },
  );
}

/** The audit trail, read only. */
function auditRoutes(app: OfficeApp, { can, reads, reader, actor, office }: RouteKit): void {
  app.get(
    OFFICE_API_PATHS.audit,
    {
      ...reads('read'),
      schema: {
        tags: ['office'],
        security: SECURITY.staff,
        summary: 'The audit trail',
        description: `Newest first; filters by guarantor, staff member, action and facility days from/to (both included); page on with before = nextBefore. Read only. ${AUDITED}`,
        querystring: auditFilterSchema,
        response: { 200: auditPageSchema, ...errorResponses(400, ...SERVICE_ERRORS) },
      },
    },
    async (request) => office().audit.pageAsStaff(request.query, reader(request)),
  );

  app.get(
    OFFICE_API_PATHS.auditCsv,
    {
      ...can('read'),
      schema: {
        tags: ['office'],
        security: SECURITY.staff,
        summary: 'The audit trail as CSV',
        description: `The entries the same filters keep, as CSV (at most 100,000). The export is itself audited.`,
        querystring: auditFilterSchema,
        response: {
          200: {
            description: 'CSV',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errorResponses(400, ...SERVICE_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const csv = await office().audit.csv(request.query, actor(request), requestContext(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}

/**
 * The console's reads and support actions, behind staff sign-in
 * (plugins/authenticate-staff.ts). Registered under
 * OFFICE_API_BASE_PATH, outside the portal's API key, behind the staff gate;
 * nothing here writes to the audit trail but the rows of its own calls.
 */
const officeRoutes: FastifyPluginAsyncZod = async (app) => {
  const kit: RouteKit = {
    can: (permission) => ({ onRequest: app.staffGate(permission) }),
    reads: app.staffRead,
    reader: app.staffReader,
    actor: (request) => request.requireStaff(),
    office: () => app.services.office,
  };
  findingRoutes(app, kit);
  guarantorRoutes(app, kit);
  supportRoutes(app, kit);
  auditRoutes(app, kit);
};

export default officeRoutes;
