import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  supportActionRequestSchema,
  type SupportAction,
  type SupportActionRequest,
  type SupportActionResult,
} from '@webpay/contracts/office';
import { AlertMessage, Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogClose,
} from '@/components/ui/dialog.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useValidationText } from '@/lib/validation-text.ts';
import { errorText } from '../../../lib/error-text.ts';
import { OFFICE_FORM_MESSAGES } from '../../../lib/field-messages.ts';
import { openPinLetter, useSupportAction } from '../api/guarantor.ts';
import { guarantorMessages } from '../guarantors.messages.ts';
import { ReasonField } from './reason-field.tsx';

/** Where the new PIN's letter stands: the service hands it out once. */
interface LetterState {
  printed: boolean;
  onPrinted: () => void;
  /** The clerk tried to close the dialog before printing it. */
  warned: boolean;
  onWarn: () => void;
}

/** What the service said it did; for a new PIN, the letter to print. */
function ActionDone({
  guarantorId,
  result,
  letter,
}: {
  guarantorId: string;
  result: SupportActionResult;
  letter: LetterState;
}) {
  const t = useMessages(guarantorMessages);
  const [letterError, setLetterError] = useState<unknown>();
  const letterId = result.pinLetterId;
  const unprinted = !!letterId && !letter.printed;
  return (
    <>
      <Alert role="status" variant="info">
        <p>{result.message}</p>
      </Alert>
      {letterError !== undefined && (
        <AlertMessage variant="danger">{errorText(letterError, t.failed)}</AlertMessage>
      )}
      {unprinted && letter.warned && (
        <AlertMessage variant="warning">{t.letterUnprinted}</AlertMessage>
      )}
      <DialogFooter>
        {letterId && (
          <Button
            variant="secondary"
            onClick={() =>
              openPinLetter(guarantorId, letterId).then(letter.onPrinted, setLetterError)
            }
          >
            {t.printLetter}
          </Button>
        )}
        {unprinted && !letter.warned ? (
          <Button onClick={letter.onWarn}>{t.done}</Button>
        ) : (
          <DialogClose asChild>
            <Button>{unprinted ? t.closeUnprinted : t.done}</Button>
          </DialogClose>
        )}
      </DialogFooter>
    </>
  );
}

/**
 * One support action's dialog: a required reason (kept in the audit trail)
 * and, to correct an address, the new one. The service does the action
 * and answers what it did.
 */
export function SupportActionDialog({
  guarantorId,
  action,
}: {
  guarantorId: string;
  action: SupportAction;
}) {
  const t = useMessages(guarantorMessages);
  const ids = useId();
  const mutation = useSupportAction(guarantorId, action);
  const validationText = useValidationText(OFFICE_FORM_MESSAGES);
  const needsEmail = action === 'correct-email';
  const form = useForm<SupportActionRequest>({
    resolver: zodResolver(
      needsEmail
        ? supportActionRequestSchema.required({ email: true })
        : supportActionRequestSchema,
    ),
    defaultValues: needsEmail ? { reason: '', email: '' } : { reason: '' },
  });
  const { errors } = form.formState;
  const reasonError = validationText(errors.reason?.message);
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync(values).catch(() => undefined),
  );
  const [printed, setPrinted] = useState(false);
  const [warned, setWarned] = useState(false);
  // Escape or a click outside would lose a letter that can be opened only once.
  const keepUnprintedLetter = (event: { preventDefault: () => void }) => {
    if (!mutation.data?.pinLetterId || printed) return;
    event.preventDefault();
    setWarned(true);
  };
  const letter: LetterState = {
    printed,
    onPrinted: () => setPrinted(true),
    warned,
    onWarn: () => setWarned(true),
  };

  return (
    <DialogContent
      aria-describedby={`${ids}-hint`}
      hideClose={!!mutation.data?.pinLetterId && !printed}
      onEscapeKeyDown={keepUnprintedLetter}
      onInteractOutside={keepUnprintedLetter}
    >
      <DialogHeader>
        <DialogTitle>{t.actions[action]}</DialogTitle>
        <DialogDescription id={`${ids}-hint`}>{t.actionHints[action]}</DialogDescription>
      </DialogHeader>
      {mutation.data ? (
        <ActionDone guarantorId={guarantorId} result={mutation.data} letter={letter} />
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
          {mutation.isError && (
            <AlertMessage variant="danger">{errorText(mutation.error, t.failed)}</AlertMessage>
          )}
          {needsEmail && (
            <TextField
              id={`${ids}-email`}
              label={t.newEmail}
              type="email"
              autoComplete="off"
              spellCheck={false}
              error={validationText(errors.email?.message)}
              {...form.register('email')}
            />
          )}
          <ReasonField error={reasonError} {...form.register('reason')} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t.cancel}</Button>
            </DialogClose>
            <SubmitButton pending={mutation.isPending}>{t.confirm}</SubmitButton>
          </DialogFooter>
        </form>
      )}
    </DialogContent>
  );
}
