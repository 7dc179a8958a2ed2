import { useId, type ComponentProps } from 'react';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useMessages } from '@/lib/messages.ts';
import { cn } from '@/lib/utils.ts';
import { guarantorMessages } from '../guarantors.messages.ts';

const textareaClassName =
  'min-h-20 w-full rounded-md border border-input bg-surface px-3 py-2 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-danger sm:text-sm';

/** The required reason of an action on a guarantor, labelled "Reason"; it is kept in the audit trail. */
export function ReasonField({
  error,
  ...textarea
}: ComponentProps<'textarea'> & { error?: string }) {
  const t = useMessages(guarantorMessages);
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t.reason}</Label>
      <p id={`${id}-hint`} className="-mt-0.5 text-sm text-muted-foreground">
        {t.reasonHint}
      </p>
      <textarea
        id={id}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={cn(`${id}-hint`, error && `${id}-error`)}
        className={textareaClassName}
        {...textarea}
      />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
