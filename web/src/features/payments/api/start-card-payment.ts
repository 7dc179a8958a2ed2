import { API_PATHS, IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import {
  cardStartResponseSchema,
  type CardStartRequest,
  type CardStartResponse,
} from '@webpay/contracts/payments';
import { api, type ApiResult } from '@/lib/api-client.ts';

/** POST /payments/init: our reference number and the processor's lightbox token. */
export function startCardPayment(
  body: CardStartRequest,
  idempotencyKey: string,
): Promise<ApiResult<CardStartResponse>> {
  return api.post(API_PATHS.paymentsInit, body, cardStartResponseSchema, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
