import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PAYMENT_DESK_PATHS,
  deskPaymentSchema,
  processorCheckResultSchema,
  resendReceiptResultSchema,
  reversalResultSchema,
  type RefundRequest,
  type ResendReceiptRequest,
  type VoidRequest,
} from '@webpay/contracts/payment-desk';
import { unwrap } from '@/lib/api-client.ts';
import { officeApi } from '../../../lib/office-api.ts';

export const paymentQueryKey = (paymentId: string) => ['office', 'payment', paymentId] as const;

export const paymentQueryOptions = (paymentId: string) =>
  queryOptions({
    queryKey: paymentQueryKey(paymentId),
    queryFn: async ({ signal }) =>
      unwrap(
        await officeApi.get(PAYMENT_DESK_PATHS.payment(paymentId), deskPaymentSchema, { signal }),
      ),
  });

/**
 * After any desk action the payment, the searches that list it and the
 * approvals are read again, whether it worked or not: a refusal can mean
 * someone else acted first. Not waited for, so the dialog shows the
 * answer at once rather than after every list has loaded again.
 */
function useRefreshAfter(paymentId: string) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [
      paymentQueryKey(paymentId),
      ['office', 'payment-search'],
      ['office', 'approvals'],
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}

function usePost<Request>(paymentId: string, path: (request: Request) => string) {
  const onSettled = useRefreshAfter(paymentId);
  return useMutation({
    mutationFn: async (request: Request) =>
      unwrap(await officeApi.post(path(request), bodyOf(request), reversalResultSchema)),
    onSettled,
  });
}

/** The request without the routing-only `reversalId`. */
function bodyOf<Request>(request: Request): unknown {
  if (typeof request !== 'object' || request === null || !('reversalId' in request)) return request;
  const { reversalId: _reversalId, ...body } = request as Record<string, unknown>;
  return body;
}

export function useVoidPayment(paymentId: string) {
  return usePost<VoidRequest>(paymentId, () => PAYMENT_DESK_PATHS.void(paymentId));
}

export function useRefundPayment(paymentId: string) {
  return usePost<RefundRequest>(paymentId, () => PAYMENT_DESK_PATHS.refund(paymentId));
}

export interface Decision {
  reversalId: string;
  reason?: string;
}

export function useDecideReversal(paymentId: string, decision: 'approve' | 'reject') {
  return usePost<Decision>(paymentId, ({ reversalId }) =>
    PAYMENT_DESK_PATHS[decision](paymentId, reversalId),
  );
}

export function useResendReceipt(paymentId: string) {
  const onSettled = useRefreshAfter(paymentId);
  return useMutation({
    mutationFn: async (request: ResendReceiptRequest) =>
      unwrap(
        await officeApi.post(
          PAYMENT_DESK_PATHS.resendReceipt(paymentId),
          request,
          resendReceiptResultSchema,
        ),
      ),
    onSettled,
  });
}

/** Records the voids and refunds made directly at the processor that the desk does not have. */
export function useCheckWithProcessor(paymentId: string) {
  const onSettled = useRefreshAfter(paymentId);
  return useMutation({
    mutationFn: async () =>
      unwrap(
        await officeApi.post(
          PAYMENT_DESK_PATHS.checkWithProcessor(paymentId),
          {},
          processorCheckResultSchema,
        ),
      ),
    onSettled,
  });
}
