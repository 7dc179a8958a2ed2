import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ASSISTANCE_REVIEW_PATHS,
  approveSchema,
  caseSchema,
  denySchema,
  documentLinkSchema,
  documentReviewSchema,
  messageSchema,
  queueQuerySchema,
  queueSchema,
  requestInformationSchema,
} from '@webpay/contracts/assistance-application';
import {
  BODY_ERRORS,
  PATH_ERRORS,
  SECURITY,
  SERVICE_ERRORS,
  errorResponses,
} from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';

/*
 * The billing office's review of financial assistance (issue #27): every
 * role reads the queue and the case page; only reviewers see documents and
 * decide. Registered in the console's API, behind the staff gate; the
 * document file alone is opened by its short-lived link's token, which
 * names the reviewer it was made for.
 */

const AUDITED =
  'Every call is recorded in the audit trail with the staff member, address and request.';
const common = { tags: ['office'], security: SECURITY.staff };
const ACTION_ERRORS = [...BODY_ERRORS, ...PATH_ERRORS, ...SERVICE_ERRORS, 404, 409] as const;

const reference = z
  .string()
  .regex(/^FA-[A-HJKMNP-Z2-9]{8}$/, 'an application reference is FA- and 8 letters or digits');
const referenceParams = z.object({ reference });
const documentParams = z.object({ reference, documentId: z.uuid() });

/** A contract path with its parameters in place. */
const route = (path: string) => path.replaceAll('%3A', ':');
const paths = {
  case: route(ASSISTANCE_REVIEW_PATHS.case(':reference')),
  startReview: route(ASSISTANCE_REVIEW_PATHS.startReview(':reference')),
  requestInformation: route(ASSISTANCE_REVIEW_PATHS.requestInformation(':reference')),
  approve: route(ASSISTANCE_REVIEW_PATHS.approve(':reference')),
  deny: route(ASSISTANCE_REVIEW_PATHS.deny(':reference')),
  messages: route(ASSISTANCE_REVIEW_PATHS.messages(':reference')),
  documentReview: route(ASSISTANCE_REVIEW_PATHS.documentReview(':reference', ':documentId')),
  documentLink: route(ASSISTANCE_REVIEW_PATHS.documentLink(':reference', ':documentId')),
  documentFile: ASSISTANCE_REVIEW_PATHS.documentFile('').split('?')[0] ?? '',
};

const caseAnswer = { 200: caseSchema, ...errorResponses(...ACTION_ERRORS) };

const schemas = {
  queue: {
    ...common,
    summary: 'The financial assistance queue',
    description: `Applications by status (open by default: Submitted, In review, Need more information) and facility, oldest first, with days left in the application window and age. ${AUDITED}`,
    querystring: queueQuerySchema,
    response: { 200: queueSchema, ...errorResponses(400, ...SERVICE_ERRORS) },
  },
  case: {
    ...common,
    summary: 'A financial assistance application',
    description: `The answers, the % of the poverty guideline and the tier they come to, the accounts with their charges and payments, the documents, the timeline with staff names, the letters sent and the hold. ${AUDITED}`,
    params: referenceParams,
    response: { 200: caseSchema, ...errorResponses(...PATH_ERRORS, ...SERVICE_ERRORS, 404) },
  },
  startReview: {
    ...common,
    summary: 'Start reviewing an application',
    description: `Submitted → In review. Reviewers only. ${AUDITED}`,
    params: referenceParams,
    response: caseAnswer,
  },
  requestInformation: {
    ...common,
    summary: 'Ask the guarantor for more information',
    description: `Need more information, with the items and a due date (the policy's days for missing documents from today when not given); the incomplete letter goes out. Reviewers only. ${AUDITED}`,
    params: referenceParams,
    body: requestInformationSchema,
    response: caseAnswer,
  },
  approve: {
    ...common,
    summary: 'Approve an application',
    description: `At the policy's discount, or an override with a reason. Each account's adjustment is capped so the patient pays no more than the amounts generally billed. An approval adjusting more than the policy's second-review amount waits for another reviewer, whose approval decides it (409 SECOND_REVIEWER_REQUIRED for the first reviewer again). Reviewers only. ${AUDITED}`,
    params: referenceParams,
    body: approveSchema,
    response: caseAnswer,
  },
  deny: {
    ...common,
    summary: 'Deny an application',
    description: `With the reason the guarantor reads; the hold lifts with a written notice and the 30-day notice before any collection action. Reviewers only. ${AUDITED}`,
    params: referenceParams,
    body: denySchema,
    response: caseAnswer,
  },
  message: {
    ...common,
    summary: 'Write to the guarantor about an application',
    description: `Reviewers only. ${AUDITED}`,
    params: referenceParams,
    body: messageSchema,
    response: caseAnswer,
  },
  documentReview: {
    ...common,
    summary: 'Accept or reject a document',
    description: `A rejection needs the reason the guarantor reads. Reviewers only. ${AUDITED}`,
    params: documentParams,
    body: documentReviewSchema,
    response: caseAnswer,
  },
  documentLink: {
    ...common,
    summary: 'A short-lived link to a document',
    description: `Good for two minutes, for the reviewer it was made for while they remain a reviewer. Reviewers only. ${AUDITED}`,
    params: documentParams,
    response: {
      200: documentLinkSchema,
      ...errorResponses(...PATH_ERRORS, ...SERVICE_ERRORS, 404),
    },
  },
  documentFile: {
    ...common,
    hide: true,
    querystring: z.object({ token: z.string().min(1).max(2048) }),
  },
} satisfies Record<string, FastifySchema>;

/** A file name safe inside a quoted Content-Disposition parameter. */
const safeName = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'document';

const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const review = () => app.services.assistanceReview;
  const decisions = () => app.services.assistanceDecisions;
  const reads = { onRequest: app.staffGate('read') };
  const reviews = { onRequest: app.staffGate('review') };

  app.get(ASSISTANCE_REVIEW_PATHS.queue, { ...reads, schema: schemas.queue }, async (request) =>
    review().queue(request.query, request.requireStaff(), requestContext(request)),
  );
  app.get(paths.case, { ...reads, schema: schemas.case }, async (request) =>
    review().case(request.params.reference, request.requireStaff(), requestContext(request)),
  );
  app.post(paths.startReview, { ...reviews, schema: schemas.startReview }, async (request) =>
    review().startReview(request.params.reference, request.requireStaff(), requestContext(request)),
  );
  app.post(
    paths.requestInformation,
    { ...reviews, schema: schemas.requestInformation },
    async (request) =>
      review().requestInformation(
        request.params.reference,
        request.body,
        request.requireStaff(),
        requestContext(request),
      ),
  );
  app.post(paths.approve, { ...reviews, schema: schemas.approve }, async (request) =>
    decisions().approve(
      request.params.reference,
      request.body,
      request.requireStaff(),
      requestContext(request),
    ),
  );
  app.post(paths.deny, { ...reviews, schema: schemas.deny }, async (request) =>
    decisions().deny(
      request.params.reference,
      request.body.reason,
      request.requireStaff(),
      requestContext(request),
    ),
  );
  app.post(paths.messages, { ...reviews, schema: schemas.message }, async (request) =>
    review().message(
      request.params.reference,
      request.body.text,
      request.requireStaff(),
      requestContext(request),
    ),
  );
  app.post(paths.documentReview, { ...reviews, schema: schemas.documentReview }, async (request) =>
    review().reviewDocument(
      request.params.reference,
      request.params.documentId,
      request.body,
      request.requireStaff(),
      requestContext(request),
    ),
  );
  app.post(paths.documentLink, { ...reviews, schema: schemas.documentLink }, async (request) =>
    review().documentLink(
      request.params.reference,
      request.params.documentId,
      request.requireStaff(),
      requestContext(request),
    ),
  );

  // Opened in a new tab, which sends no bearer token: the link's token is the credential.
  app.get(paths.documentFile, { schema: schemas.documentFile }, async (request, reply) => {
    const file = await review().documentFile(request.query.token, requestContext(request));
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `inline; filename="${safeName(file.fileName)}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-security-policy',
        "sandbox; default-src 'none'; img-src 'self'; object-src 'self'",
      )
      .send(file.bytes);
  });
};

export default reviewRoutes;
