import { useState } from 'react';
import type { ErrorObject } from '@webpay/contracts/errors';
import { fallbackError } from '@webpay/contracts/error-codes';
import { formatCentsIn } from '@webpay/contracts/language';
import type { SkipChargeRequest, UpcomingCharge } from '@webpay/contracts/payment-plans';
import { ApiProblem } from '@/components/api-problem.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useFormatDate, useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { useMethodLabel } from '@/lib/recurring/saved-methods.ts';
import { useAutopayChange } from '../api/autopay-api.ts';
import { autopayMessages } from '../autopay.messages.ts';
import type { AutopayListProps } from './autopay-history.tsx';

/** What a charge is for, as the skip request names it. */
function skipRequest(charge: UpcomingCharge): SkipChargeRequest {
  return charge.kind === 'instalment'
    ? {
        kind: 'instalment',
        planNumber: charge.planNumber ?? '',
        instalmentNumber: charge.instalmentNumber ?? 0,
      }
    : { kind: 'statement', statementId: charge.statementId ?? '' };
}

/** The charges coming up, each with the day it can still be skipped until. */
export function UpcomingCharges({ overview, methods }: AutopayListProps) {
  const t = useMessages(autopayMessages);
  const language = useLanguage();
  const formatDate = useFormatDate();
  const label = useMethodLabel(methods);
  const change = useAutopayChange();
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<ErrorObject | null>(null);

  const what = (charge: UpcomingCharge) =>
    charge.kind === 'instalment'
      ? t.upcoming.instalment(charge.planNumber ?? '', charge.instalmentNumber ?? 0)
      : t.upcoming.statement;
  const skip = async (charge: UpcomingCharge) => {
    setAnnouncement('');
    try {
      await change.mutateAsync({ kind: 'skip', body: skipRequest(charge) });
      setError(null);
      setAnnouncement(t.upcoming.skipped(formatDate(charge.date)));
    } catch (reason) {
      setError(reason instanceof ApiError ? reason.error : fallbackError(undefined, language));
    }
  };

  return (
    <section className="flex flex-col gap-3" aria-labelledby="autopay-upcoming-heading">
      <h3 id="autopay-upcoming-heading" className="text-lg font-semibold">
        {t.upcoming.heading}
      </h3>
      {overview.pausedByAssistance && (
        <p className="rounded-md border border-border bg-muted px-3 py-2 text-sm">
          {t.upcoming.pausedByAssistance}
        </p>
      )}
      {overview.upcoming.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.upcoming.none}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {overview.upcoming.map((charge) => (
            <ChargeRow
              key={`${charge.kind}-${charge.planNumber ?? charge.statementId}-${charge.instalmentNumber ?? ''}-${charge.date}`}
              charge={charge}
              what={what(charge)}
              method={label(charge.paymentMethodId)}
              busy={change.isPending}
              onSkip={() => void skip(charge)}
            />
          ))}
        </ul>
      )}
      {error && <ApiProblem error={error} />}
      <p role="status" className="text-sm font-medium empty:hidden">
        {announcement}
      </p>
    </section>
  );
}

interface ChargeRowProps {
  charge: UpcomingCharge;
  what: string;
  method: string;
  busy: boolean;
  onSkip: () => void;
}

function ChargeRow({ charge, what, method, busy, onSkip }: ChargeRowProps) {
  const t = useMessages(autopayMessages);
  const language = useLanguage();
  const formatDate = useFormatDate();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium">
          {formatDate(charge.date)} ·{' '}
          {charge.amountCents === null
            ? t.upcoming.amountUnknown
            : formatCentsIn(language, charge.amountCents)}
        </p>
        <p>
          {what}
          {charge.retry ? ` (${t.upcoming.retry})` : ''} · {method}
        </p>
        <p className="text-muted-foreground">
          {charge.canSkip
            ? t.upcoming.skipUntil(formatDate(charge.changeableUntil))
            : t.upcoming.tooLate}
        </p>
      </div>
      {charge.canSkip && (
        <Button
          type="button"
          variant="secondary"
          disabled={busy}
          aria-label={t.upcoming.skipName(what, formatDate(charge.date))}
          onClick={onSkip}
        >
          {t.upcoming.skip}
        </Button>
      )}
    </li>
  );
}
