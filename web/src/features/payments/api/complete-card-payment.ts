import { API_PATHS } from '@webpay/contracts/api';
import {
  receiptSchema,
  type CardCompletionRequest,
  type Receipt,
} from '@webpay/contracts/payments';
import { api, type ApiResult } from '@/lib/api-client.ts';

/** PUT /payments/{id}/card: the service verifies the approval with the processor and records it. */
export function completeCardPayment(
  refNum: string,
  body: CardCompletionRequest,
): Promise<ApiResult<Receipt>> {
  return api.request({
    method: 'PUT',
    path: API_PATHS.paymentCard(refNum),
    body,
    schema: receiptSchema,
  });
}
