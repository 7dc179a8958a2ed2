import { useId } from 'react';
import { FieldError } from '@/components/ui/field-error.tsx';

export interface AuthorizationAcceptanceProps {
  legend: string;
  /** The authorization as it reads now. */
  text: string;
  acceptLabel: string;
  /** The text as it read when the box was ticked, or ''. */
  accepted: string;
  onAcceptedChange: (accepted: string) => void;
  /** Said under the box when sending was tried without it. */
  error?: string;
  /** Said instead of the text while there is none yet, e.g. what to fill in first. */
  pendingText?: string;
}

/**
 * An authorization and the box that accepts it. The box keeps the words it
 * accepted: once the terms change, the text differs and the box is unticked,
 * so what is sent is always the text last read and accepted.
 */
export function AuthorizationAcceptance({
  legend,
  text,
  acceptLabel,
  accepted,
  onAcceptedChange,
  error,
  pendingText,
}: AuthorizationAcceptanceProps) {
  const ids = useId();
  const isAccepted = text !== '' && accepted === text;
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
      <legend className="px-1 text-base font-semibold">{legend}</legend>
      {/* An empty frame under "I accept this authorization" would leave nothing to accept. */}
      <p id={`${ids}-text`} className={text === '' ? 'text-sm text-muted-foreground' : 'text-sm'}>
        {text === '' ? pendingText : text}
      </p>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-brand"
          checked={isAccepted}
          disabled={text === ''}
          onChange={(event) => onAcceptedChange(event.target.checked ? text : '')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-text ${ids}-error` : `${ids}-text`}
        />
        {acceptLabel}
      </label>
      {error && <FieldError id={`${ids}-error`}>{error}</FieldError>}
    </fieldset>
  );
}
