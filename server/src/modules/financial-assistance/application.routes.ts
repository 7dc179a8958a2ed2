import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import {
  ASSISTANCE_APPLICATION_PATHS,
  DOCUMENT_CONTENT_TYPES,
  MAX_DOCUMENT_BYTES,
  applicationDocumentSchema,
  applicationListSchema,
  messageSchema,
  replySchema,
  submitApplicationSchema,
  trackerSchema,
  uploadDocumentQuerySchema,
} from '@webpay/contracts/assistance-application';
import {
  BODY_ERRORS,
  PATH_ERRORS,
  SECURITY,
  SERVICE_ERRORS,
  errorResponses,
} from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';
import { IDEMPOTENCY_HEADER_NAME, idempotencyHeaders } from '../../lib/idempotency-header.ts';

/*
 * A signed-in guarantor's financial assistance application (issue #27): the
 * list and the form's starting point, sending it, the tracker, documents,
 * messages and the answer to a request for information.
 */

const idempotencyHeadersSchema = idempotencyHeaders(
  'One key per application; a repeat with the same key and answers gets the same application.',
);

/** The path with its `:reference` parameter in place. */
const at = (path: (reference: string) => string) =>
  path(':reference').replace('%3Areference', ':reference');

const referenceParams = z.object({
  reference: z
    .string()
    .regex(/^FA-[A-HJKMNP-Z2-9]{8}$/, 'an application reference is FA- and 8 letters or digits'),
});

/** Document uploads are the file's bytes; these types, and a generic one the checks decide on. */
const UPLOAD_TYPES = [...DOCUMENT_CONTENT_TYPES, 'application/octet-stream'];

const common = { tags: ['financial-assistance'], security: SECURITY.signedIn };
const READ_ERRORS = [...PATH_ERRORS, ...SERVICE_ERRORS, 404] as const;

const schemas = {
  list: {
    ...common,
    summary: 'My financial assistance applications',
    description:
      "The caller's applications, newest first; whether a new one may start (one open at a time); whether the facility's policy asks about assets; the open accounts an application covers by default; and the applicant's name.",
    response: { 200: applicationListSchema, ...errorResponses(...SERVICE_ERRORS) },
  },
  submit: {
    ...common,
    summary: 'Apply for financial assistance',
    description: [
      `Send ${IDEMPOTENCY_KEY_HEADER}: a repeat with the same key and body answers the same application; another body is 409 IDEMPOTENCY_KEY_REUSED.`,
      'Every account must be one of the open accounts (404 ACCOUNT_NOT_FOUND naming body.answers.accounts.N). Assets are required exactly when the policy has an asset test (400 naming body.answers.assets).',
      'One application is open at a time: 409 APPLICATION_ALREADY_OPEN names the open one.',
      'The answers are kept as sent, with the typed signature, the time, the address and the user agent. A member who chose "send later" gets an outstanding document. The hold starts: autopay and plan charges pause unless keepPaying, notices and collection stop.',
    ].join(' '),
    headers: idempotencyHeadersSchema,
    body: submitApplicationSchema,
    response: {
      200: trackerSchema,
      ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS, 404, 409),
    },
  },
  tracker: {
    ...common,
    summary: 'An application and where it stands',
    params: referenceParams,
    response: { 200: trackerSchema, ...errorResponses(...READ_ERRORS) },
  },
  upload: {
    ...common,
    summary: 'Add a document to an application',
    description: `The body is the file itself (Content-Type ${DOCUMENT_CONTENT_TYPES.join(', ')}), at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB. It is checked by its bytes (a file that is not a real JPEG, PNG or PDF, or whose bytes do not match its Content-Type, is 415 DOCUMENT_REFUSED), stripped of photo metadata, and sealed before it is stored. documentId answers an outstanding document.`,
    params: referenceParams,
    querystring: uploadDocumentQuerySchema,
    response: {
      200: applicationDocumentSchema,
      ...errorResponses(...BODY_ERRORS, ...PATH_ERRORS, ...SERVICE_ERRORS, 404, 409, 413, 415),
    },
  },
  message: {
    ...common,
    summary: 'Write to the billing office about an application',
    params: referenceParams,
    body: messageSchema,
    response: { 200: trackerSchema, ...errorResponses(...BODY_ERRORS, ...READ_ERRORS, 409) },
  },
  reply: {
    ...common,
    summary: 'Send the information the billing office asked for',
    description: 'Upload the documents first. Need more information → In review.',
    params: referenceParams,
    body: replySchema,
    response: { 200: trackerSchema, ...errorResponses(...BODY_ERRORS, ...READ_ERRORS, 409) },
  },
} satisfies Record<string, FastifySchema>;

const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const applications = () => app.services.assistanceApplications;
  const signedIn = { onRequest: app.authenticate };

  // Only this plugin's routes take a file; the service's other calls stay JSON of 64 KB.
  app.addContentTypeParser(
    UPLOAD_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_DOCUMENT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    ASSISTANCE_APPLICATION_PATHS.applications,
    { ...signedIn, schema: schemas.list },
    async (request) => applications().list(request.requireAuth(), requestContext(request)),
  );

  app.post(
    ASSISTANCE_APPLICATION_PATHS.applications,
    { ...signedIn, schema: schemas.submit },
    async (request) =>
      applications().submit(
        request.requireAuth(),
        request.headers[IDEMPOTENCY_HEADER_NAME] as string,
        request.body,
        { userAgent: request.headers['user-agent'] ?? null },
        requestContext(request),
      ),
  );

  app.get(
    at(ASSISTANCE_APPLICATION_PATHS.application),
    { ...signedIn, schema: schemas.tracker },
    async (request) =>
      applications().tracker(
        request.requireAuth(),
        request.params.reference,
        requestContext(request),
      ),
  );

  app.post(
    at(ASSISTANCE_APPLICATION_PATHS.documents),
    { ...signedIn, schema: schemas.upload, bodyLimit: MAX_DOCUMENT_BYTES },
    async (request) =>
      applications().upload(
        request.requireAuth(),
        request.params.reference,
        request.query,
        {
          bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          contentType: request.headers['content-type']?.split(';')[0]?.trim().toLowerCase(),
        },
        requestContext(request),
      ),
  );

  app.post(
    at(ASSISTANCE_APPLICATION_PATHS.messages),
    { ...signedIn, schema: schemas.message },
    async (request) =>
      applications().message(
        request.requireAuth(),
        request.params.reference,
        request.body.text,
        requestContext(request),
      ),
  );

  app.post(
    at(ASSISTANCE_APPLICATION_PATHS.reply),
    { ...signedIn, schema: schemas.reply },
    async (request) =>
      applications().reply(
        request.requireAuth(),
        request.params.reference,
        request.body.text,
        requestContext(request),
      ),
  );
};

export default applicationRoutes;
