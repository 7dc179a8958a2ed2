import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useDeny, useSendMessage } from '../api/review-actions.ts';
import { reviewMessages } from '../assistance.messages.ts';
import { checkMessage, checkReason, type FormError } from '../utils/review-forms.ts';
import { DialogButtons, DialogError, TextAreaField } from './dialog-parts.tsx';
import { useFormErrorText } from './use-form-error-text.ts';

interface TextDialogProps {
  title: string;
  hint: string;
  label: string;
  submit: string;
  pending: boolean;
  error: unknown;
  /** Checks the text; sends it and answers true when done, or names what is wrong. */
  onSend: (text: string) => Promise<FormError | boolean>;
}

/** A dialog of one required text: a denial's reason or a message to the guarantor. */
function TextDialog({ title, hint, label, submit, pending, error, onSend }: TextDialogProps) {
  const errorText = useFormErrorText();
  const ids = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<FormError | undefined>();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await onSend(text);
    setProblem(typeof outcome === 'string' ? outcome : undefined);
  };
  return (
    <DialogContent aria-describedby={`${ids}-hint`}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription id={`${ids}-hint`}>{hint}</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <DialogError error={error} />
        <TextAreaField
          label={label}
          required
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={errorText(problem)}
        />
        <DialogButtons pending={pending} submit={submit} />
      </form>
    </DialogContent>
  );
}

/** Denies the application with a reason, which the denial letter gives the guarantor. */
export function DenyDialog({ reference, onDone }: { reference: string; onDone: () => void }) {
  const t = useMessages(reviewMessages);
  const mutation = useDeny(reference);
  const onSend = async (text: string) => {
    const checked = checkReason(text);
    if (!checked.request) return checked.errors.reason ?? 'reasonRequired';
    const done = await mutation.mutateAsync(checked.request).catch(() => undefined);
    if (!done) return false;
    toast.success(t.done.denied);
    onDone();
    return true;
  };
  return (
    <TextDialog
      title={t.denyTitle}
      hint={t.denyHint}
      label={t.denyReason}
      submit={t.denyButton}
      pending={mutation.isPending}
      error={mutation.error}
      onSend={onSend}
    />
  );
}

/** A message to the guarantor, shown on the tracker as from the billing office. */
export function MessageDialog({ reference, onDone }: { reference: string; onDone: () => void }) {
  const t = useMessages(reviewMessages);
  const mutation = useSendMessage(reference);
  const onSend = async (text: string) => {
    const checked = checkMessage(text);
    if (!checked.request) return checked.errors.text ?? 'messageRequired';
    const done = await mutation.mutateAsync(checked.request).catch(() => undefined);
    if (!done) return false;
    toast.success(t.done.message);
    onDone();
    return true;
  };
  return (
    <TextDialog
      title={t.messageTitle}
      hint={t.messageHint}
      label={t.messageText}
      submit={t.sendButton}
      pending={mutation.isPending}
      error={mutation.error}
      onSend={onSend}
    />
  );
}
