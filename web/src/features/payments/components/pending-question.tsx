import { useEffect, useId, useRef, type Ref } from 'react';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { useMessages } from '@/lib/messages.ts';
import type { QuestionedLine } from '../hooks/use-pending-question.ts';
import { pendingQuestionMessages } from '../payments.messages.ts';

export interface PendingQuestionProps {
  lines: readonly QuestionedLine[];
  acknowledged: boolean;
  /** Pay was pressed before the question was answered. */
  attention: boolean;
  onPayAgain: () => void;
  onDontPayAgain: () => void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * Decision 0016: asks before paying an account beyond what is already
 * pending on it. Once answered it says so, and takes focus in place of the
 * buttons that went away.
 */
export function PendingQuestion(props: PendingQuestionProps) {
  const { lines, acknowledged, attention, ref } = props;
  const t = useMessages(pendingQuestionMessages);
  const headingId = useId();
  const chosen = useRef<HTMLParagraphElement>(null);
  // Focus follows the answer once, not every time the form comes back after a payment attempt.
  const answeredBefore = useRef(acknowledged);

  useEffect(() => {
    if (acknowledged && !answeredBefore.current) chosen.current?.focus();
    answeredBefore.current = acknowledged;
  }, [acknowledged]);

  if (acknowledged) {
    return (
      <p
        ref={chosen}
        tabIndex={-1}
        className="flex items-start gap-2 rounded-lg border border-border bg-muted p-3 text-sm focus:outline-none focus-visible:outline-2 focus-visible:outline-ring"
      >
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t.chosen}
      </p>
    );
  }
  if (lines.length === 0) return null;
  return (
    <div
      ref={ref}
      role="group"
      aria-labelledby={headingId}
      tabIndex={-1}
      className="flex flex-col gap-3 rounded-lg bg-warning-soft p-4 text-sm text-warning-soft-foreground focus:outline-none focus-visible:outline-2 focus-visible:outline-ring"
    >
      <h3 id={headingId} className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
        {t.heading}
      </h3>
      <ul className="flex flex-col gap-1">
        {lines.map((line) => (
          <li key={line.key}>
            {line.description && lines.length > 1 && (
              <span className="font-semibold">{line.description}: </span>
            )}
            {line.text}
          </li>
        ))}
      </ul>
      <p>{t.explanation}</p>
      {attention && (
        <p role="alert" className="font-semibold">
          {t.answerFirst}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" size="sm" onClick={props.onDontPayAgain}>
          {t.dontPayAgain}
        </Button>
        <Button type="button" size="sm" onClick={props.onPayAgain}>
          {t.payAgain}
        </Button>
      </div>
    </div>
  );
}
