import { IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import {
  PAYMENT_METHOD_PATHS,
  cardSetupResponseSchema,
  paymentMethodSchema,
  type BankAccountRequest,
  type CardSetupCompletion,
  type CardSetupRequest,
  type CardSetupResponse,
  type PaymentMethod,
} from '@webpay/contracts/payment-methods';
import { z } from 'zod';
import { api, type ApiResult } from '@/lib/api-client.ts';

/** An empty 2xx answer (204). */
const noContent = z.unknown();

/** POST /payment-methods/card: the processor's window session for adding a card. */
export function startCardSetup(
  body: CardSetupRequest,
  idempotencyKey: string,
): Promise<ApiResult<CardSetupResponse>> {
  return api.post(PAYMENT_METHOD_PATHS.cardSetup, body, cardSetupResponseSchema, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** PUT /payment-methods/card/{setupId}: the window's answer, checked by the service. */
export function completeCardSetup(
  setupId: string,
  body: CardSetupCompletion,
): Promise<ApiResult<PaymentMethod>> {
  return api.request({
    method: 'PUT',
    path: PAYMENT_METHOD_PATHS.cardSetupCompletion(setupId),
    body,
    schema: paymentMethodSchema,
  });
}

export function addBankAccount(body: BankAccountRequest): Promise<ApiResult<PaymentMethod>> {
  return api.post(PAYMENT_METHOD_PATHS.bank, body, paymentMethodSchema);
}

export function makeDefaultMethod(id: string): Promise<ApiResult<unknown>> {
  return api.request({
    method: 'PUT',
    path: PAYMENT_METHOD_PATHS.makeDefault(id),
    schema: noContent,
  });
}

/** DELETE /payment-methods/{id}; 409 PAYMENT_METHOD_IN_USE unless `replacementId` takes over its uses. */
export function removeMethod(id: string, replacementId?: string): Promise<ApiResult<unknown>> {
  return api.request({
    method: 'DELETE',
    path: PAYMENT_METHOD_PATHS.remove(id),
    body: replacementId ? { replacementId } : {},
    schema: noContent,
  });
}
