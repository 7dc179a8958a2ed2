import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { parseDollarsToCents, type DeskPayment } from '@webpay/contracts/payment-desk';
import { AmountInput } from '@/components/ui/amount-input.tsx';
import {
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useRefundPayment } from '../api/payment.ts';
import { actionMessages, PAYMENT_DESK_FORM_MESSAGES } from '../payments.messages.ts';
import { runAction } from '../utils/run-action.ts';
import { newIdempotencyKey } from '../utils/idempotency-key.ts';
import { centsToDollarsText, refundFormSchema, type RefundForm } from '../utils/refund-form.ts';
import { DialogButtons, DialogError, ReasonField } from './dialog-parts.tsx';

/** Where the money goes: back to the card, or by a check the billing office's payables mail. */
function Destination({ payment }: { payment: DeskPayment }) {
  const t = useMessages(actionMessages);
  if (payment.actions.refund.kind === 'check') {
    return <p className="rounded-md border border-border bg-muted p-3 text-sm">{t.byCheck}</p>;
  }
  const last4 = payment.instrument.last4;
  return <p className="text-sm">{last4 ? t.toCard(last4) : t.toCardUnknown}</p>;
}

/**
 * A full or partial refund after settlement, up to what remains. Like the
 * void, one idempotency key per opening, sent again by every retry.
 */
export function RefundDialog({ payment, onDone }: { payment: DeskPayment; onDone: () => void }) {
  const t = useMessages(actionMessages);
  const format = useFormat();
  const ids = useId();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const mutation = useRefundPayment(payment.paymentId);
  const validationText = useValidationText(PAYMENT_DESK_FORM_MESSAGES);
  const { maxCents } = payment.actions.refund;
  const threshold = payment.actions.approvalThresholdCents;
  const schema = useMemo(() => refundFormSchema(maxCents), [maxCents]);
  const form = useForm<RefundForm>({
    resolver: zodResolver(schema),
    defaultValues: { amount: centsToDollarsText(maxCents), reason: '' },
  });
  const { errors } = form.formState;
  const amountError = validationText(errors.amount?.message);
  const typed = useWatch({ control: form.control, name: 'amount' });
  const typedCents = parseDollarsToCents(typed) ?? 0;
  const onSubmit = form.handleSubmit(async ({ amount, reason }) => {
    const cents = parseDollarsToCents(amount) ?? 0;
    const request = { amount: cents, reason, idempotencyKey };
    await runAction(() => mutation.mutateAsync(request), onDone);
  });
  return (
    <DialogContent aria-describedby={`${ids}-hint`}>
      <DialogHeader>
        <DialogTitle>{t.refundTitle}</DialogTitle>
        <DialogDescription id={`${ids}-hint`}>
          {t.refundHint(format.cents(maxCents))}
        </DialogDescription>
      </DialogHeader>
      <Destination payment={payment} />
      {typedCents > threshold && (
        <p className="text-sm font-medium">{t.approvalNote(format.cents(threshold))}</p>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <DialogError error={mutation.error} />
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${ids}-amount`}>{t.amount}</Label>
          <AmountInput
            id={`${ids}-amount`}
            className="max-w-48"
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? `${ids}-amount-error` : undefined}
            value={typed}
            onValueChange={(value) =>
              form.setValue('amount', value, { shouldValidate: form.formState.isSubmitted })
            }
            onBlur={() => void form.trigger('amount')}
          />
          {amountError && <FieldError id={`${ids}-amount-error`}>{amountError}</FieldError>}
        </div>
        <ReasonField
          label={t.reason}
          error={validationText(errors.reason?.message)}
          {...form.register('reason')}
        />
        <DialogButtons pending={mutation.isPending} submit={t.confirmRefund} />
      </form>
    </DialogContent>
  );
}
