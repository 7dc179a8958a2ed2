import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { staffEmailSchema } from '@webpay/contracts/office';
import type { DeskPayment } from '@webpay/contracts/payment-desk';
import {
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { useResendReceipt } from '../api/payment.ts';
import { actionMessages, PAYMENT_DESK_FORM_MESSAGES } from '../payments.messages.ts';
import { DialogButtons, DialogError, ReasonField } from './dialog-parts.tsx';
import { runAction } from '../utils/run-action.ts';

const reasonOptional = z.string().trim().max(500);
const toOnFileSchema = z.object({ email: z.string().optional(), reason: reasonOptional });
const toOtherSchema = z.object({ email: staffEmailSchema, reason: reasonOptional });
type ResendForm = { email?: string; reason: string };

/** The receipt again, to the address on file (shown) or to another one. */
export function ResendDialog({ payment, onDone }: { payment: DeskPayment; onDone: () => void }) {
  const t = useMessages(actionMessages);
  const ids = useId();
  const onFile = payment.receiptEmail;
  const [other, setOther] = useState(onFile === null);
  const mutation = useResendReceipt(payment.paymentId);
  const validationText = useValidationText(PAYMENT_DESK_FORM_MESSAGES);
  const form = useForm<ResendForm>({
    resolver: zodResolver(other ? toOtherSchema : toOnFileSchema),
    defaultValues: { email: '', reason: '' },
  });
  const onSubmit = form.handleSubmit(async ({ email, reason }) => {
    const request = {
      ...(other && email ? { email } : {}),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    };
    await runAction(() => mutation.mutateAsync(request), onDone);
  });
  return (
    <DialogContent aria-describedby={`${ids}-hint`}>
      <DialogHeader>
        <DialogTitle>{t.resendTitle}</DialogTitle>
        {/* Where it goes is the first choice below; saying it here too said it twice. */}
        <DialogDescription id={`${ids}-hint`}>{t.resendHint}</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <DialogError error={mutation.error} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t.sendTo}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${ids}-to`}
              checked={!other}
              disabled={onFile === null}
              onChange={() => setOther(false)}
            />
            {onFile ? t.toOnFile(onFile) : t.toOnFileNone}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${ids}-to`}
              checked={other}
              onChange={() => setOther(true)}
            />
            {t.toOther}
          </label>
        </fieldset>
        {other && (
          <TextField
            id={`${ids}-email`}
            label={t.otherEmail}
            type="email"
            autoComplete="off"
            spellCheck={false}
            error={validationText(form.formState.errors.email?.message)}
            {...form.register('email')}
          />
        )}
        <ReasonField
          label={t.optionalReason}
          required={false}
          error={validationText(form.formState.errors.reason?.message)}
          {...form.register('reason')}
        />
        <DialogButtons pending={mutation.isPending} submit={t.send} />
      </form>
    </DialogContent>
  );
}
