import type { ECheck } from '@webpay/contracts/billing';
import type { ECheckAuthorization } from '@webpay/contracts/payments';
import { payByECheck } from '../api/pay-by-echeck.ts';
import type { CardPaymentBody } from './card-payment-flow.ts';
import { serverProblem, type FlowResult } from './flow-result.ts';

export interface ECheckPaymentBody extends CardPaymentBody {
  eCheck: ECheck;
  authorization: ECheckAuthorization;
}

export interface ECheckPaymentInput {
  body: ECheckPaymentBody;
  idempotencyKey: string;
  onPhase: (phase: 'completing') => void;
}

/** SPEC §4 eCheck: form → completing → receipt, in one call. */
export async function runECheckPayment(input: ECheckPaymentInput): Promise<FlowResult> {
  input.onPhase('completing');
  const paid = await payByECheck(input.body, input.idempotencyKey);
  if (paid.data) return { kind: 'paid', receipt: paid.data };
  return serverProblem(paid.error);
}
