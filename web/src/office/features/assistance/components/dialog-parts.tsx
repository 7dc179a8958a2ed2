import { useId, type ComponentProps, type ReactNode } from 'react';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogClose, DialogFooter } from '@/components/ui/dialog.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useMessages } from '@/lib/messages.ts';
import { cn } from '@/lib/utils.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { reviewMessages } from '../assistance.messages.ts';

const textareaClassName =
  'min-h-20 w-full rounded-md border border-input bg-surface px-3 py-2 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-danger sm:text-sm';

/** A labelled text area whose hint and error are read with it. */
export function TextAreaField({
  label,
  hint,
  error,
  ...textarea
}: ComponentProps<'textarea'> & { label: string; hint?: ReactNode; error?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {hint && (
        <p id={`${id}-hint`} className="-mt-0.5 text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={cn(hint && `${id}-hint`, error && `${id}-error`) || undefined}
        className={textareaClassName}
        {...textarea}
      />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

/** Why the service refused, inside the dialog, so the reviewer can correct and send again. */
export function DialogError({ error }: { error: unknown }) {
  const t = useMessages(reviewMessages);
  if (error === null || error === undefined) return null;
  return <AlertMessage variant="danger">{errorText(error, t.failed)}</AlertMessage>;
}

/** Cancel and the dialog's submit, disabled while its request runs. */
export function DialogButtons({ pending, submit }: { pending: boolean; submit: string }) {
  const t = useMessages(reviewMessages);
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="secondary">{t.cancel}</Button>
      </DialogClose>
      <SubmitButton pending={pending}>{submit}</SubmitButton>
    </DialogFooter>
  );
}
