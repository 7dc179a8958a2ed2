import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FINANCIAL_ASSISTANCE_PATHS,
  estimateRequestSchema,
  estimateSchema,
  policyQuerySchema,
  publishedPolicySchema,
} from '@webpay/contracts/financial-assistance';
import { BODY_ERRORS, SECURITY, SERVICE_ERRORS, errorResponses } from '../../lib/openapi.ts';
import { varyByLanguage } from '../../lib/vary-by-language.ts';

/*
 * Section 501(r) has the policy published for anyone: both calls answer
 * without a sign-in (the API key only), so the public pages, the login
 * page's link and the estimate work before a patient has an account.
 */
const financialAssistanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const assistance = () => app.services.financialAssistance;

  app.get(
    FINANCIAL_ASSISTANCE_PATHS.policy,
    {
      schema: {
        tags: ['financial-assistance'],
        summary: 'The financial assistance policy',
        description:
          "The hospital's financial assistance policy as published (section 501(r)): its discount tiers by % of the federal poverty guideline, the guideline table in effect today for the facility's region, the AGB percentage, the deadlines, who to contact, and the policy, its plain-language summary, how to apply and the AGB sheet in the reader's language (Accept-Language). facilityId gives that facility's policy where it has its own. No sign-in.",
        security: SECURITY.service,
        querystring: policyQuerySchema,
        response: { 200: publishedPolicySchema, ...errorResponses(400, ...SERVICE_ERRORS) },
      },
    },
    async (request, reply) => {
      varyByLanguage(reply);
      return assistance().published(request.language, request.query.facilityId);
    },
  );

  app.post(
    FINANCIAL_ASSISTANCE_PATHS.estimate,
    {
      schema: {
        tags: ['financial-assistance'],
        summary: 'Estimate the help a household may get',
        description:
          "The likely discount tier for a household's size and yearly income (cents), under the facility's policy and the poverty guideline in effect today: the guideline, the income as a whole % of it (rounded down; the tier is decided on the exact figure) and the tier, or null above every tier's limit, where the patient may still apply. An estimate, never a decision. No sign-in.",
        security: SECURITY.service,
        body: estimateRequestSchema,
        response: { 200: estimateSchema, ...errorResponses(...BODY_ERRORS, ...SERVICE_ERRORS) },
      },
    },
    async (request) => assistance().estimate(request.body),
  );
};

export default financialAssistanceRoutes;
