import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { CaseDocument } from '@webpay/contracts/assistance-application';
import {
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useReviewDocument } from '../api/review-actions.ts';
import { reviewMessages } from '../assistance.messages.ts';
import { checkDocumentReview, type FormError } from '../utils/review-forms.ts';
import { DialogButtons, DialogError, TextAreaField } from './dialog-parts.tsx';
import { useFormErrorText } from './use-form-error-text.ts';

/** Accepts a document (noting the yearly income read from it, if any) or rejects it with a reason. */
export function DocumentReviewDialog({
  reference,
  document,
  accepted,
  onDone,
}: {
  reference: string;
  document: CaseDocument;
  accepted: boolean;
  onDone: () => void;
}) {
  const t = useMessages(reviewMessages);
  const errorText = useFormErrorText();
  const ids = useId();
  const mutation = useReviewDocument(reference, document.id);
  const [reason, setReason] = useState('');
  const [yearlyIncome, setYearlyIncome] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'reason' | 'yearlyIncome', FormError>>>({});
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDocumentReview({ accepted, reason, yearlyIncome });
    setErrors(checked.errors ?? {});
    if (!checked.request) return;
    const done = await mutation.mutateAsync(checked.request).catch(() => undefined);
    if (!done) return;
    toast.success(accepted ? t.done.accepted : t.done.rejected);
    onDone();
  };
  return (
    <DialogContent aria-describedby={`${ids}-hint`}>
      <DialogHeader>
        <DialogTitle>{accepted ? t.acceptTitle : t.rejectTitle}</DialogTitle>
        <DialogDescription id={`${ids}-hint`}>
          {document.fileName}
          {!accepted && ` · ${t.rejectHint}`}
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <DialogError error={mutation.error} />
        {accepted ? (
          <TextField
            id={`${ids}-income`}
            label={t.incomeRead}
            hint={t.incomeReadHint}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={yearlyIncome}
            onChange={(event) => setYearlyIncome(event.target.value)}
            error={errorText(errors.yearlyIncome)}
          />
        ) : (
          <TextAreaField
            label={t.rejectReason}
            required
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={errorText(errors.reason)}
          />
        )}
        <DialogButtons pending={mutation.isPending} submit={accepted ? t.accept : t.reject} />
      </form>
    </DialogContent>
  );
}
