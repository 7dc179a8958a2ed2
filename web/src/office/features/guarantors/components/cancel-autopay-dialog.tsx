import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  staffAutopayCancelSchema,
  type StaffAutopayCancel,
} from '@webpay/contracts/office-recurring';
import { Alert, AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { OFFICE_FORM_MESSAGES } from '../../../lib/field-messages.ts';
import { useCancelAutopay, type AutopayTarget } from '../api/recurring.ts';
import { recurringMessages } from '../recurring.messages.ts';
import { ReasonField } from './reason-field.tsx';

/**
 * Cancels a plan's autopay, or autopay on statements, with a required
 * reason (kept on the authorization and in the audit trail). Mounted
 * afresh each time it opens, so no reason carries over.
 */
export function CancelAutopayDialog({
  guarantorId,
  target,
}: {
  guarantorId: string;
  target: AutopayTarget;
}) {
  const t = useMessages(recurringMessages);
  const ids = useId();
  const mutation = useCancelAutopay(guarantorId, target);
  const validationText = useValidationText(OFFICE_FORM_MESSAGES);
  const form = useForm<StaffAutopayCancel>({
    resolver: zodResolver(staffAutopayCancelSchema),
    defaultValues: { reason: '' },
  });
  const reasonError = validationText(form.formState.errors.reason?.message);
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync(values).catch(() => undefined),
  );
  const title =
    target.kind === 'plan' ? t.cancelPlanAutopay(target.planNumber) : t.cancelStatementAutopay;

  return (
    <DialogContent aria-describedby={`${ids}-hint`}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription id={`${ids}-hint`}>{t.cancelHint}</DialogDescription>
      </DialogHeader>
      {mutation.data ? (
        <>
          <Alert role="status" variant="info">
            <p>{mutation.data.message}</p>
          </Alert>
          <DialogFooter>
            <DialogClose asChild>
              <Button>{t.done}</Button>
            </DialogClose>
          </DialogFooter>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
          {mutation.isError && (
            <AlertMessage variant="danger">{errorText(mutation.error, t.failed)}</AlertMessage>
          )}
          <ReasonField error={reasonError} {...form.register('reason')} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t.keep}</Button>
            </DialogClose>
            <SubmitButton pending={mutation.isPending}>{t.confirm}</SubmitButton>
          </DialogFooter>
        </form>
      )}
    </DialogContent>
  );
}
