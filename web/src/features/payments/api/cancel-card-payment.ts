import { z } from 'zod';
import { API_PATHS } from '@webpay/contracts/api';
import type { CancelPaymentRequest } from '@webpay/contracts/payments';
import { withoutControlCharacters } from '@webpay/contracts/plain-text';
import { api, type ApiResult } from '@/lib/api-client.ts';

/** The reason is stored with the payment; the service limits it to 500 characters. */
const MAX_REASON_LENGTH = 500;

/**
 * DELETE /payments/{id}: the card payment ended without a charge. The reason
 * may quote the processor's words, which the service's text rule would
 * refuse if they held a line break.
 */
export function cancelCardPayment(refNum: string, reason: string): Promise<ApiResult<unknown>> {
  const message = withoutControlCharacters(reason).slice(0, MAX_REASON_LENGTH);
  const body: CancelPaymentRequest = { message };
  return api.request({
    method: 'DELETE',
    path: API_PATHS.payment(refNum),
    body,
    schema: z.unknown(),
  });
}
