import { useEffect, useRef, useState } from 'react';
import type { ErrorObject } from '@webpay/contracts/errors';
import { formatCentsIn } from '@webpay/contracts/language';
import type { ScheduledInstalment } from '@webpay/contracts/payment-plans';
import { ApiProblem } from '@/components/api-problem.tsx';
import { AuthorizationAcceptance } from '@/components/authorization-acceptance.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useFormatDate, useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { paymentPlanMessages } from '../payment-plans.messages.ts';

export interface PlanReviewStepProps {
  schedule: ScheduledInstalment[];
  /** The authorization as the service will word it again. */
  authorization: string;
  pending: boolean;
  error: ErrorObject | null;
  /** Sends the plan with the text that was accepted. */
  onAgree: (acceptedText: string) => void;
  onEdit: () => void;
}

/** The instalments, the authorization and the box that accepts it. */
export function PlanReviewStep(props: PlanReviewStepProps) {
  const { schedule, authorization, pending, error, onAgree, onEdit } = props;
  const t = useMessages(paymentPlanMessages);
  // The text as it read when the box was ticked; a different text unticks it.
  const [accepted, setAccepted] = useState('');
  const [tried, setTried] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const isAccepted = accepted !== '' && accepted === authorization;
  const missing = tried && !isAccepted;

  const agree = () => {
    setTried(true);
    if (isAccepted) onAgree(accepted);
  };

  return (
    <div className="flex flex-col gap-6">
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {t.reviewHeading}
      </h2>
      <ScheduleTable schedule={schedule} />
      <AuthorizationAcceptance
        legend={t.authorizationHeading}
        text={authorization}
        acceptLabel={t.accept}
        accepted={accepted}
        onAcceptedChange={setAccepted}
        error={missing ? t.validation.authorizationRequired : undefined}
      />
      {error && <ApiProblem error={error} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onEdit} disabled={pending}>
          {t.edit}
        </Button>
        <Button type="button" onClick={agree} disabled={pending} aria-busy={pending || undefined}>
          {pending ? t.creating : t.agree}
        </Button>
      </div>
    </div>
  );
}

function ScheduleTable({ schedule }: { schedule: ScheduledInstalment[] }) {
  const t = useMessages(paymentPlanMessages);
  const language = useLanguage();
  const formatDate = useFormatDate();
  return (
    <table className="w-full text-sm">
      <caption className="pb-2 text-left font-semibold">{t.scheduleCaption}</caption>
      <thead>
        <tr className="border-b border-border text-left text-muted-foreground">
          <th scope="col" className="py-2 pr-2 font-medium">
            {t.columns.number}
          </th>
          <th scope="col" className="py-2 pr-2 font-medium">
            {t.columns.date}
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            {t.columns.amount}
          </th>
        </tr>
      </thead>
      <tbody>
        {schedule.map((instalment) => (
          <tr key={instalment.number} className="border-b border-border last:border-0">
            <td className="py-2 pr-2 tabular-nums">{instalment.number}</td>
            <td className="py-2 pr-2">{formatDate(instalment.dueDate)}</td>
            <td className="py-2 text-right tabular-nums">
              {formatCentsIn(language, instalment.amountCents)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
