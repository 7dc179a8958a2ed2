import { IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import {
  PAYMENT_PLAN_PATHS,
  planCreatedSchema,
  type CreatePlanRequest,
  type PlanCreated,
} from '@webpay/contracts/payment-plans';
import { api, type ApiResult } from '@/lib/api-client.ts';

/** POST /payment-plans: one Idempotency-Key per attempt, so a retry cannot make two plans. */
export function createPlan(
  body: CreatePlanRequest,
  idempotencyKey: string,
): Promise<ApiResult<PlanCreated>> {
  return api.post(PAYMENT_PLAN_PATHS.create, body, planCreatedSchema, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
