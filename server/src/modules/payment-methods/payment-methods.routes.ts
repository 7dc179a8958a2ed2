import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAYMENT_METHOD_PATHS,
  bankAccountRequestSchema,
  cardSetupCompletionSchema,
  cardSetupRequestSchema,
  cardSetupResponseSchema,
  paymentMethodListSchema,
  paymentMethodSchema,
  pathKeySchema,
  removeMethodRequestSchema,
} from '@webpay/contracts/payment-methods';
import {
  BODY_ERRORS,
  PATH_ERRORS,
  SECURITY,
  SERVICE_ERRORS,
  errorResponses,
} from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';
import type { MethodContext } from './payment-methods.service.ts';
import { IDEMPOTENCY_HEADER_NAME, idempotencyHeaders } from '../../lib/idempotency-header.ts';

const ID = 'METHOD_ID';
const setupPath = PAYMENT_METHOD_PATHS.cardSetupCompletion(ID).replace(ID, ':id');
const defaultPath = PAYMENT_METHOD_PATHS.makeDefault(ID).replace(ID, ':id');
const removePath = PAYMENT_METHOD_PATHS.remove(ID).replace(ID, ':id');

const idParamsSchema = z.object({ id: pathKeySchema });

const CONSENT =
  'consent carries accepted: true and the text the portal showed, in the language of Accept-Language; the service words the same text (payee, the billing office phone) and compares: other words are 400 VALIDATION_ERROR naming body.consent.text and nothing is saved. The text is kept with the method, with the time, address and browser.';

const schemas = {
  list: {
    tags: ['payment-methods'],
    summary: 'List saved payment methods',
    description:
      'The signed-in guarantor’s saved cards and bank accounts, default first. Only brand or account type, last four and a card’s expiry are shown; usedBy names the plans and statement autopay that charge each.',
    security: SECURITY.signedIn,
    response: { 200: paymentMethodListSchema, ...errorResponses(...SERVICE_ERRORS) },
  },
  cardSetup: {
    tags: ['payment-methods'],
    summary: 'Start adding a card',
    description: [
      'Opens a processor window that verifies the card and keeps it as a token (ccgettoken, ssl_verify, ssl_add_token), with the setup id as its invoice number. Nothing is charged. A repeat with the same Idempotency-Key answers the same session.',
      CONSENT,
    ].join(' '),
    security: SECURITY.signedIn,
    headers: idempotencyHeaders(
      'One key per card being added; a repeat with the same key answers the same session.',
    ),
    body: cardSetupRequestSchema,
    response: {
      200: cardSetupResponseSchema,
      ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS, 402),
    },
  },
  cardSetupCompletion: {
    tags: ['payment-methods'],
    summary: 'Finish adding a card',
    description:
      'Takes the window’s answer but trusts only its ssl_txn_id and ssl_token: the verification must be an approved CCVERIFY with this setup’s invoice number, and the processor’s record of the token must show the same masked card and expiry. Otherwise 402 CARD_NOT_VERIFIED and nothing is saved. A card already saved is 409 PAYMENT_METHOD_DUPLICATE; a repeat answers the saved method. The first saved method becomes the default.',
    security: SECURITY.signedIn,
    params: idParamsSchema,
    body: cardSetupCompletionSchema,
    response: {
      200: paymentMethodSchema,
      ...errorResponses(...BODY_ERRORS, ...PATH_ERRORS, ...SERVICE_ERRORS, 402, 404, 409),
    },
  },
  bank: {
    tags: ['payment-methods'],
    summary: 'Save a bank account for autopay',
    description: [
      'Keeps the routing and account numbers sealed (AES-256-GCM); only the account type and last four are ever shown. The same account twice is 409 PAYMENT_METHOD_DUPLICATE.',
      CONSENT,
    ].join(' '),
    security: SECURITY.signedIn,
    body: bankAccountRequestSchema,
    response: {
      200: paymentMethodSchema,
      ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS, 409),
    },
  },
  makeDefault: {
    tags: ['payment-methods'],
    summary: 'Make a payment method the default',
    description: 'Answers the list. Not one of the caller’s methods: 404 PAYMENT_METHOD_NOT_FOUND.',
    security: SECURITY.signedIn,
    params: idParamsSchema,
    response: {
      200: paymentMethodListSchema,
      ...errorResponses(...PATH_ERRORS, ...SERVICE_ERRORS, 404),
    },
  },
  remove: {
    tags: ['payment-methods'],
    summary: 'Remove a payment method',
    description:
      'While a plan’s autopay or statement autopay uses the method: 409 PAYMENT_METHOD_IN_USE, one detail per use, unless replacementId names another of the caller’s methods; then the uses move to it in the same step. A removed card’s token is deleted at the processor.',
    security: SECURITY.signedIn,
    params: idParamsSchema,
    body: removeMethodRequestSchema.optional(),
    response: {
      204: z.undefined().describe('Removed'),
      ...errorResponses(...BODY_ERRORS, ...PATH_ERRORS, ...SERVICE_ERRORS, 404, 409),
    },
  },
} satisfies Record<string, FastifySchema>;

function methodContext(request: FastifyRequest): MethodContext {
  return { ...requestContext(request), userAgent: request.headers['user-agent'] ?? null };
}

/** Changes to the saved methods: each needs a live session first. */
const methodChanges: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const methods = () => app.services.paymentMethods.service;

  app.post(PAYMENT_METHOD_PATHS.cardSetup, { schema: schemas.cardSetup }, async (request) =>
    methods().startCardSetup(
      request.requireAuth(),
      request.headers[IDEMPOTENCY_HEADER_NAME] as string,
      request.body,
      methodContext(request),
    ),
  );

  app.put(setupPath, { schema: schemas.cardSetupCompletion }, async (request) =>
    methods().completeCardSetup(
      request.requireAuth(),
      request.params.id,
      request.body,
      methodContext(request),
    ),
  );

  app.post(PAYMENT_METHOD_PATHS.bank, { schema: schemas.bank }, async (request) =>
    methods().addBankAccount(request.requireAuth(), request.body, methodContext(request)),
  );

  app.put(defaultPath, { schema: schemas.makeDefault }, async (request) => ({
    methods: await methods().makeDefault(
      request.requireAuth(),
      request.params.id,
      methodContext(request),
    ),
  }));

  app.delete(removePath, { schema: schemas.remove }, async (request, reply) => {
    await methods().remove(
      request.requireAuth(),
      request.params.id,
      request.body ?? {},
      methodContext(request),
    );
    return reply.code(204).send();
  });
};

const paymentMethodsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The session check is part of the read.
  app.get(PAYMENT_METHOD_PATHS.list, { schema: schemas.list }, async (request) =>
    app.readSignedIn(request, app.services.paymentMethods.service.list),
  );

  await app.register(methodChanges);
};

export default paymentMethodsRoutes;
