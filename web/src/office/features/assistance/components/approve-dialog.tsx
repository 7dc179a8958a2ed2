import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Case } from '@webpay/contracts/assistance-application';
import {
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useApprove } from '../api/review-actions.ts';
import { reviewMessages } from '../assistance.messages.ts';
import { checkApproval, type ApprovalStage, type FormError } from '../utils/review-forms.ts';
import { DialogButtons, DialogError, TextAreaField } from './dialog-parts.tsx';
import { useFormErrorText } from './use-form-error-text.ts';

type Errors = Partial<Record<'discountPercent' | 'reason', FormError>>;

/** The toast after an approval: decided, or recorded to wait for a second reviewer. */
function useApprovedToast() {
  const t = useMessages(reviewMessages);
  return (fresh: Case) =>
    toast.success(fresh.status === 'approved' ? t.done.approved : t.done.firstApproval);
}

/**
 * Approves at the policy's discount, or at another with a reason (an
 * override). The service decides, or records it as the first of two
 * approvals when the amount needs a second reviewer.
 */
export function ApproveDialog({ application, onDone }: { application: Case; onDone: () => void }) {
  const t = useMessages(reviewMessages);
  const errorText = useFormErrorText();
  const ids = useId();
  const mutation = useApprove(application.reference);
  const announce = useApprovedToast();
  const policy = application.assessment.discountPercent;
  const [discountPercent, setDiscountPercent] = useState(policy > 0 ? String(policy) : '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const override = discountPercent.trim() !== String(policy);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkApproval({ discountPercent, reason }, policy);
    setErrors(checked.errors ?? {});
    if (!checked.request) return;
    const fresh = await mutation.mutateAsync(checked.request).catch(() => undefined);
    if (!fresh) return;
    announce(fresh);
    onDone();
  };
  return (
    <DialogContent aria-describedby={`${ids}-hint`}>
      <DialogHeader>
        <DialogTitle>{t.approveTitle}</DialogTitle>
        <DialogDescription id={`${ids}-hint`}>{t.approveHint(policy)}</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <DialogError error={mutation.error} />
        <TextField
          id={`${ids}-discount`}
          label={t.discount}
          hint={t.discountHint(policy)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          // Only the field is narrow: its hint takes the dialog's width.
          className="max-w-48"
          value={discountPercent}
          onChange={(event) => setDiscountPercent(event.target.value)}
          error={errorText(errors.discountPercent)}
        />
        {override && (
          <TextAreaField
            label={t.overrideReason}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={errorText(errors.reason)}
          />
        )}
        <DialogButtons
          pending={mutation.isPending}
          submit={t.approveButton(discountPercent.trim() || '0')}
        />
      </form>
    </DialogContent>
  );
}

/** A second reviewer's confirmation of another's approval, on the terms the first one set. */
export function ConfirmApprovalDialog({
  application,
  stage,
  onDone,
}: {
  application: Case;
  stage: Extract<ApprovalStage, { stage: 'confirm' }>;
  onDone: () => void;
}) {
  const t = useMessages(reviewMessages);
  const format = useFormat();
  const ids = useId();
  const mutation = useApprove(application.reference);
  const announce = useApprovedToast();
  const { first } = stage;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const fresh = await mutation.mutateAsync({}).catch(() => undefined);
    if (!fresh) return;
    announce(fresh);
    onDone();
  };
  return (
    <DialogContent aria-describedby={`${ids}-hint`}>
      <DialogHeader>
        <DialogTitle>{t.confirmTitle}</DialogTitle>
        <DialogDescription id={`${ids}-hint`}>
          {t.firstApprovedBy(
            first.staffName,
            first.discountPercent,
            format.cents(first.totalAdjustmentCents),
            format.dateTime(first.at),
          )}
        </DialogDescription>
      </DialogHeader>
      {first.reason && <p className="text-sm">{t.firstReason(first.reason)}</p>}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <DialogError error={mutation.error} />
        <DialogButtons pending={mutation.isPending} submit={t.confirmApproval} />
      </form>
    </DialogContent>
  );
}
