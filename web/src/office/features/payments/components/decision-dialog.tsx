import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  approvalDecisionSchema,
  rejectionSchema,
  type Reversal,
} from '@webpay/contracts/payment-desk';
import {
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useDecideReversal } from '../api/payment.ts';
import { actionMessages, PAYMENT_DESK_FORM_MESSAGES } from '../payments.messages.ts';
import { DialogButtons, DialogError, ReasonField } from './dialog-parts.tsx';
import { runAction } from '../utils/run-action.ts';

export type DecisionKind = 'approve' | 'reject';

/** A second supervisor's decision on a reversal waiting for approval; rejecting needs a reason. */
export function DecisionDialog({
  paymentId,
  reversal,
  decision,
  onDone,
}: {
  paymentId: string;
  reversal: Reversal;
  decision: DecisionKind;
  onDone: () => void;
}) {
  const t = useMessages(actionMessages);
  const format = useFormat();
  const ids = useId();
  const mutation = useDecideReversal(paymentId, decision);
  const validationText = useValidationText(PAYMENT_DESK_FORM_MESSAGES);
  const form = useForm<{ reason?: string }>({
    resolver: zodResolver(decision === 'reject' ? rejectionSchema : approvalDecisionSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    const request = { reversalId: reversal.reversalId, ...(reason ? { reason } : {}) };
    await runAction(() => mutation.mutateAsync(request), onDone);
  });
  const amount = format.cents(reversal.amountCents);
  return (
    <DialogContent aria-describedby={`${ids}-hint`}>
      <DialogHeader>
        <DialogTitle>{decision === 'approve' ? t.approveTitle : t.rejectTitle}</DialogTitle>
        <DialogDescription id={`${ids}-hint`}>
          {decision === 'approve' ? t.approveHint(amount) : t.rejectHint}
        </DialogDescription>
      </DialogHeader>
      <p className="text-sm">
        {reversal.reference} · {amount} · {reversal.reason}
      </p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <DialogError error={mutation.error} />
        <ReasonField
          label={decision === 'reject' ? t.reason : t.optionalReason}
          required={decision === 'reject'}
          error={validationText(form.formState.errors.reason?.message)}
          {...form.register('reason')}
        />
        <DialogButtons
          pending={mutation.isPending}
          submit={decision === 'approve' ? t.approve : t.reject}
        />
      </form>
    </DialogContent>
  );
}
