import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { reasonSchema } from '@webpay/contracts/office';
import type { DeskPayment } from '@webpay/contracts/payment-desk';
import {
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useVoidPayment } from '../api/payment.ts';
import { actionMessages, PAYMENT_DESK_FORM_MESSAGES } from '../payments.messages.ts';
import { runAction } from '../utils/run-action.ts';
import { newIdempotencyKey } from '../utils/idempotency-key.ts';
import { DialogButtons, DialogError, ReasonField } from './dialog-parts.tsx';

const voidFormSchema = z.object({ reason: reasonSchema });
type VoidForm = z.input<typeof voidFormSchema>;

/**
 * Voids the whole payment before its batch settles. Mounted afresh each
 * time it opens, so each opening has its own idempotency key, which every
 * retry from it sends again.
 */
export function VoidDialog({ payment, onDone }: { payment: DeskPayment; onDone: () => void }) {
  const t = useMessages(actionMessages);
  const format = useFormat();
  const ids = useId();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const mutation = useVoidPayment(payment.paymentId);
  const validationText = useValidationText(PAYMENT_DESK_FORM_MESSAGES);
  const form = useForm<VoidForm>({
    resolver: zodResolver(voidFormSchema),
    defaultValues: { reason: '' },
  });
  const amount = format.cents(payment.amountCents);
  const waits = payment.amountCents > payment.actions.approvalThresholdCents;
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    await runAction(() => mutation.mutateAsync({ reason, idempotencyKey }), onDone);
  });
  return (
    <DialogContent aria-describedby={`${ids}-hint`}>
      <DialogHeader>
        <DialogTitle>{t.voidTitle}</DialogTitle>
        <DialogDescription id={`${ids}-hint`}>{t.voidHint(amount)}</DialogDescription>
      </DialogHeader>
      {waits && (
        <p className="text-sm font-medium">
          {t.approvalNote(format.cents(payment.actions.approvalThresholdCents))}
        </p>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <DialogError error={mutation.error} />
        <ReasonField
          label={t.reason}
          error={validationText(form.formState.errors.reason?.message)}
          {...form.register('reason')}
        />
        <DialogButtons pending={mutation.isPending} submit={t.confirmVoid(amount)} />
      </form>
    </DialogContent>
  );
}
