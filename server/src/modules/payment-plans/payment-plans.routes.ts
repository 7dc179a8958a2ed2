import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import {
  PAYMENT_PLAN_PATHS,
  createPlanRequestSchema,
  planCreatedSchema,
  planOptionsSchema,
} from '@webpay/contracts/payment-plans';
import { BODY_ERRORS, SECURITY, SERVICE_ERRORS, errorResponses } from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';
import { IDEMPOTENCY_HEADER_NAME, idempotencyHeaders } from '../../lib/idempotency-header.ts';

const idempotencyHeadersSchema = idempotencyHeaders(
  'One key per plan; a repeat with the same key gets the same plan.',
);

const optionsSchema = {
  tags: ['payment-plans'],
  summary: 'What a payment plan may be made of',
  description:
    'The hospital’s rules (least balance, least monthly payment, most months, no interest), autopay’s notice and change timings, the facility’s today (first due dates count from it) and the caller’s main encounters with a balance that are on no plan.',
  security: SECURITY.signedIn,
  response: { 200: planOptionsSchema, ...errorResponses(...SERVICE_ERRORS) },
} satisfies FastifySchema;

const createSchema = {
  tags: ['payment-plans'],
  summary: 'Set up a payment plan',
  description: [
    `Send ${IDEMPOTENCY_KEY_HEADER} (8–128 of A–Z a–z 0–9 - _): a repeat with the same key and body answers the same plan; another body under the key is 409 IDEMPOTENCY_KEY_REUSED.`,
    'Every encounter must be one of the options’ eligible ones: any other (someone else’s, closed, without a balance, on a plan) is 404 ACCOUNT_NOT_FOUND naming body.encounters.N; one listed twice is 400.',
    'The rules are checked on the encounters’ total and the monthly amount: 400 VALIDATION_ERROR naming body.encounters or body.monthlyAmountCents. With autopay, paymentMethodId must be one of the caller’s saved methods (400 naming body.paymentMethodId).',
    'The service words the authorization again in the language of Accept-Language (planAuthorizationText, accounts in the order sent) and compares it with authorization.text: any difference is 400 naming body.authorization.text and nothing is written.',
    'Then the plan (PP-…, version 1, Auto with autopay else Mail-in, Active), its instalments, its encounters (status payment_plan), the authorization with the time, address and user agent, and the e-mailed copy are written at once.',
  ].join(' '),
  security: SECURITY.signedIn,
  headers: idempotencyHeadersSchema,
  body: createPlanRequestSchema,
  response: {
    200: planCreatedSchema,
    ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS, 404, 409),
  },
} satisfies FastifySchema;

const paymentPlansRoutes: FastifyPluginAsyncZod = async (app) => {
  const plans = () => app.services.paymentPlans.service;

  // The session check is part of the read.
  app.get(PAYMENT_PLAN_PATHS.options, { schema: optionsSchema }, async (request) =>
    app.readSignedIn(request, app.services.planOptions.forToken),
  );

  app.post(
    PAYMENT_PLAN_PATHS.create,
    { schema: createSchema, onRequest: app.authenticate },
    async (request) =>
      plans().create(
        request.requireAuth(),
        request.headers[IDEMPOTENCY_HEADER_NAME] as string,
        request.body,
        { userAgent: request.headers['user-agent'] ?? null },
        requestContext(request),
      ),
  );
};

export default paymentPlansRoutes;
