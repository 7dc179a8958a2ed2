import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Claims, User } from '@webpay/contracts/auth';
import type { EncountersResponse } from '@webpay/contracts/encounters';
import type { Receipt } from '@webpay/contracts/payments';
import { useAppConfig } from '@/config/get-app-config.ts';
import {
  defaultPaymentFormValues,
  paymentFormSchema,
  type PaymentFormOutput,
  type PaymentFormValues,
} from '../utils/payment-form.ts';
import type { PaymentRequest } from '@/lib/payments/payment-items.ts';
import { useConsentText } from '@/lib/payments/stored-credential.ts';
import { buildSubmission } from '../utils/payment-submission.ts';
import { useLoginRedirect } from './use-login-redirect.ts';
import { usePaymentFlow } from './use-payment-flow.ts';
import { usePendingQuestion } from './use-pending-question.ts';

export interface UsePaymentDialogOptions {
  request: PaymentRequest;
  bills: EncountersResponse | undefined;
  user: User;
  claims: Claims;
  onPaid: (receipt: Receipt) => void;
}

/**
 * Everything the open payment dialog holds across its phases: the form,
 * the payment's state machine and the question before paying again. It
 * lives above the dialog's content, which remounts between phases, so what
 * was typed and answered survives a failed attempt.
 */
export function usePaymentDialog({
  request,
  bills,
  user,
  claims,
  onPaid,
}: UsePaymentDialogOptions) {
  const config = useAppConfig().data;
  const saveCardText = useConsentText('card');
  const form = useForm<PaymentFormValues, unknown, PaymentFormOutput>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: defaultPaymentFormValues(user),
    mode: 'onChange',
    shouldFocusError: false,
  });

  const redirectToLogin = useLoginRedirect();
  const { reset } = form;
  const paid = useCallback(
    (receipt: Receipt) => {
      reset(defaultPaymentFormValues(user));
      onPaid(receipt);
    },
    [reset, user, onPaid],
  );
  const flow = usePaymentFlow({
    items: request.items,
    cardProcessor: config?.cardProcessor,
    onPaid: paid,
    onSessionExpired: redirectToLogin,
  });

  const pending = usePendingQuestion({ items: request.items, bills, problem: flow.problem });
  const { acknowledge } = pending;
  const { dismiss } = flow;
  const payAgain = useCallback(() => {
    acknowledge();
    // A refusal the question came from is answered by it.
    dismiss();
  }, [acknowledge, dismiss]);

  const pay = (values: PaymentFormOutput) => {
    if (!config) return;
    flow.submit(
      buildSubmission(values, {
        items: request.items,
        user,
        claims,
        centralFacilityId: config.centralFacility.id,
        acknowledgePending: pending.acknowledged,
        saveCardText,
      }),
    );
  };

  return { config, ready: config !== undefined, form, flow, pending, payAgain, pay };
}
