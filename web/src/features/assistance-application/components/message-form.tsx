import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_MESSAGE_LENGTH, type Tracker } from '@webpay/contracts/assistance-application';
import type { ErrorObject } from '@webpay/contracts/errors';
import type { ApiResult } from '@/lib/api-client.ts';
import { ApiProblem } from '@/components/api-problem.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useMessages } from '@/lib/messages.ts';
import { trackerMessages } from '../assistance-application.messages.ts';
import { trackerQueryKey } from '../api/application-queries.ts';

export interface MessageFormProps {
  reference: string;
  label: string;
  sendLabel: string;
  sentText: string;
  /** A reply may be empty (the documents say it all); a message may not. */
  required: boolean;
  send: (text: string) => Promise<ApiResult<Tracker>>;
}

/** A box for words to the billing office and the button that sends them. */
export function MessageForm({
  reference,
  label,
  sendLabel,
  sentText,
  required,
  send,
}: MessageFormProps) {
  const t = useMessages(trackerMessages);
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorObject | null>(null);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    if (required && !text.trim()) return setMissing(true);
    setMissing(false);
    setPending(true);
    setError(null);
    const result = await send(text.trim());
    setPending(false);
    if (result.error) return setError(result.error);
    setText('');
    setSent(true);
    queryClient.setQueryData(trackerQueryKey(reference), result.data);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        rows={3}
        value={text}
        maxLength={MAX_MESSAGE_LENGTH}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={missing ? true : undefined}
        aria-describedby={`${id}-count${missing ? ` ${id}-error` : ''}`}
        className="min-h-20 w-full rounded-md border border-input bg-surface px-3 py-2 text-base text-surface-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-danger"
      />
      <p id={`${id}-count`} className="text-right text-sm text-muted-foreground tabular-nums">
        {t.message.characters(text.length, MAX_MESSAGE_LENGTH)}
      </p>
      {missing && <FieldError id={`${id}-error`}>{t.message.required}</FieldError>}
      {error && <ApiProblem error={error} />}
      <p role="status" className="text-sm font-medium">
        {sent ? sentText : ''}
      </p>
      <Button
        type="submit"
        className="self-stretch sm:self-start"
        disabled={pending}
        aria-busy={pending || undefined}
      >
        {pending ? t.message.sending : sendLabel}
      </Button>
    </form>
  );
}
