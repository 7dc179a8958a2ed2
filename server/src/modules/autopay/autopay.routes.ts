import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAYMENT_PLAN_PATHS,
  autopayOverviewSchema,
  autopayStoppedSchema,
  planAutopayRequestSchema,
  skipChargeRequestSchema,
  statementAutopayRequestSchema,
} from '@webpay/contracts/payment-plans';
import { pathKeySchema } from '@webpay/contracts/payment-methods';
import {
  BODY_ERRORS,
  PATH_ERRORS,
  SECURITY,
  SERVICE_ERRORS,
  errorResponses,
} from '../../lib/openapi.ts';
import { requestContext } from '../../lib/request-context.ts';

const PLACEHOLDER = 'PLAN_NUMBER';
const planAutopayPath = PAYMENT_PLAN_PATHS.planAutopay(PLACEHOLDER).replace(
  PLACEHOLDER,
  ':planNumber',
);
const planParamsSchema = z.object({ planNumber: pathKeySchema.max(32) });
const WINDOW =
  'Charges inside their change window (until AUTOPAY_CHANGE_BUSINESS_DAYS business days before the charge) are cancelled; one past it still runs and `stillCharging` names it.';

const AUTHORIZATION_CHECKS = [
  'paymentMethodId must be one of the caller’s saved methods not removed (400 naming body.paymentMethodId).',
  'The service words the authorization again in the language of Accept-Language and compares it with authorization.text: any difference is 400 naming body.authorization.text and nothing is written.',
  'The authorization is kept word for word with the time, address and user agent. Answers 204.',
];

const startPlanAutopaySchema = {
  tags: ['autopay'],
  summary: "Turn a plan's autopay on",
  description: [
    'Only the caller’s open plans made in the portal; any other plan: 404 NOT_FOUND.',
    'The authorization is planAuthorizationText over the remaining instalments (those not completed, with their numbers; their total; the day of the first), the plan’s accounts in the dashboard’s order and the method, with AUTOPAY_NOTICE_DAYS_FIXED.',
    ...AUTHORIZATION_CHECKS,
    'The plan becomes type Auto; charges already noticed move to the method.',
  ].join(' '),
  security: SECURITY.signedIn,
  params: planParamsSchema,
  body: planAutopayRequestSchema,
  response: {
    204: z.undefined().describe('Autopay is on'),
    ...errorResponses(...PATH_ERRORS, ...BODY_ERRORS, ...SERVICE_ERRORS, 404),
  },
} satisfies FastifySchema;

const startStatementAutopaySchema = {
  tags: ['autopay'],
  summary: 'Turn autopay on statements on',
  description: [
    'Each open statement due from today on is charged on its due date for its amount due, up to capCents; one above the cap is not charged.',
    'The authorization is statementAutopayAuthorizationText with the method, the cap and AUTOPAY_NOTICE_DAYS_VARIABLE.',
    ...AUTHORIZATION_CHECKS,
    'Autopay already on is replaced: its authorization is revoked (reason replaced).',
  ].join(' '),
  security: SECURITY.signedIn,
  body: statementAutopayRequestSchema,
  response: {
    204: z.undefined().describe('Autopay on statements is on'),
    ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS),
  },
} satisfies FastifySchema;

const overviewSchema = {
  tags: ['autopay'],
  summary: 'Autopay: what is on, what is coming, what was charged',
  description: [
    'statement: autopay on statements, or null. plans: every open plan; canUseAutopay only for plans made in the portal.',
    'upcoming: each charge noticed or under way (a retry after a decline has retry true), the next instalment of each plan with autopay, and the next open statement with an amount due (amountCents null until its notice fixes it); changeableUntil is AUTOPAY_CHANGE_BUSINESS_DAYS business days before the date, and canSkip is true until then unless the charge is under way.',
    'history: the charges made, declined, skipped, cancelled or above the cap, newest first (at most 50), with the receipt of each one paid.',
  ].join(' '),
  security: SECURITY.signedIn,
  response: { 200: autopayOverviewSchema, ...errorResponses(...SERVICE_ERRORS) },
} satisfies FastifySchema;

const stopPlanAutopaySchema = {
  tags: ['autopay'],
  summary: "Turn a plan's autopay off",
  description: [
    'The plan stays; its instalments are paid by hand from now on. The authorization is revoked.',
    WINDOW,
    'A plan not made in the portal, or not the caller’s: 404 NOT_FOUND.',
  ].join(' '),
  security: SECURITY.signedIn,
  params: planParamsSchema,
  response: {
    200: autopayStoppedSchema,
    ...errorResponses(...PATH_ERRORS, ...SERVICE_ERRORS, 404),
  },
} satisfies FastifySchema;

const stopStatementAutopaySchema = {
  tags: ['autopay'],
  summary: 'Turn autopay on statements off',
  description: [
    'The authorization is revoked. Nothing to turn off answers stillCharging null.',
    WINDOW,
  ].join(' '),
  security: SECURITY.signedIn,
  response: { 200: autopayStoppedSchema, ...errorResponses(...SERVICE_ERRORS) },
} satisfies FastifySchema;

const skipSchema = {
  tags: ['autopay'],
  summary: 'Skip one autopay charge',
  description:
    'This charge does not run; the amount stays due, to be paid by hand. Allowed until the change deadline; after it 400 VALIDATION_ERROR. An unknown plan, instalment or statement: 404 NOT_FOUND.',
  security: SECURITY.signedIn,
  body: skipChargeRequestSchema,
  response: {
    204: z.undefined().describe('Skipped'),
    ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS, 404),
  },
} satisfies FastifySchema;

/** The guarantor's own autopay changes (issue #25): each needs a live session first. */
const autopayChanges: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const enrolment = () => app.services.autopay.enrolment;
  const enabler = () => app.services.autopay.enabler;
  const origin = (request: FastifyRequest) => ({
    userAgent: request.headers['user-agent'] ?? null,
  });

  app.put(planAutopayPath, { schema: startPlanAutopaySchema }, async (request, reply) => {
    await enabler().enablePlan(
      request.requireAuth().guarantorId,
      request.params.planNumber,
      request.body,
      origin(request),
      requestContext(request),
    );
    return reply.code(204).send();
  });

  app.put(
    PAYMENT_PLAN_PATHS.statementAutopay,
    { schema: startStatementAutopaySchema },
    async (request, reply) => {
      await enabler().enableStatements(
        request.requireAuth().guarantorId,
        request.body,
        origin(request),
        requestContext(request),
      );
      return reply.code(204).send();
    },
  );

  app.delete(planAutopayPath, { schema: stopPlanAutopaySchema }, async (request) =>
    enrolment().cancelOwnPlanAutopay(
      request.requireAuth().guarantorId,
      request.params.planNumber,
      requestContext(request),
    ),
  );

  app.delete(
    PAYMENT_PLAN_PATHS.statementAutopay,
    { schema: stopStatementAutopaySchema },
    async (request) =>
      enrolment().cancelStatementAutopay(
        request.requireAuth().guarantorId,
        { kind: 'guarantor' },
        requestContext(request),
      ),
  );

  app.post(PAYMENT_PLAN_PATHS.skip, { schema: skipSchema }, async (request, reply) => {
    await enrolment().skip(
      request.requireAuth().guarantorId,
      request.body,
      requestContext(request),
    );
    return reply.code(204).send();
  });
};

const autopayRoutes: FastifyPluginAsyncZod = async (app) => {
  // The session check is part of the read.
  app.get(PAYMENT_PLAN_PATHS.autopay, { schema: overviewSchema }, async (request) =>
    app.readSignedIn(request, app.services.autopay.overview.forToken),
  );

  await app.register(autopayChanges);
};

export default autopayRoutes;
