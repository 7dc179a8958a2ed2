import { API_PATHS, IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import { receiptSchema, type AchPaymentRequest, type Receipt } from '@webpay/contracts/payments';
import { api, type ApiResult } from '@/lib/api-client.ts';

/** POST /payments/ach: an eCheck payment in one call. */
export function payByECheck(
  body: AchPaymentRequest,
  idempotencyKey: string,
): Promise<ApiResult<Receipt>> {
  return api.post(API_PATHS.paymentsAch, body, receiptSchema, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
