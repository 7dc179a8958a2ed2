import { Link } from '@tanstack/react-router';
import type { Case, CaseRefund, Hold } from '@webpay/contracts/assistance-application';
import { REVERSAL_STATUS_LABELS, REVERSAL_STATUS_LABELS_ES } from '@webpay/contracts/payment-desk';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { Section } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { caseMessages } from '../assistance.messages.ts';
import { Facts } from './facts.tsx';
import { ApplicationStatusBadge } from './status-badge.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';

/** Who applied, where the application stands, what was asked and what was decided. */
export function SummarySection({ application }: { application: Case }) {
  const t = useMessages(caseMessages);
  const format = useFormat();
  return (
    <Section id="summary" title={t.summary}>
      <Facts>
        <dt>{t.status}</dt>
        <dd>
          <ApplicationStatusBadge status={application.status} />
        </dd>
        <dt>{t.guarantor}</dt>
        <dd>
          <Link
            to="/guarantors/$guarantorId"
            params={{ guarantorId: application.guarantorId }}
            className="font-medium underline underline-offset-4"
          >
            {application.guarantorName}
          </Link>
          <span className="block text-xs text-muted-foreground tabular-nums">
            {t.account(application.accountNumber)}
          </span>
        </dd>
        <dt>{t.email}</dt>
        <dd>{application.email ? <EmailAddress address={application.email} /> : '—'}</dd>
        <dt>{t.language}</dt>
        <dd>{t.languages[application.language]}</dd>
        <dt>{t.facility}</dt>
        <dd>{application.facilityName}</dd>
        <dt>{t.submitted}</dt>
        <dd>{format.dateTime(application.submittedAt)}</dd>
        <dt>{t.windowEnds}</dt>
        <dd>{format.date(application.windowEndsOn)}</dd>
        <InformationRequest application={application} />
        <dt>{t.hold}</dt>
        <dd>
          <HoldText hold={application.hold} />
        </dd>
        <DecisionFacts application={application} />
      </Facts>
    </Section>
  );
}

/** What was decided, and the refund requests the approval left on the payment desk. */
function DecisionFacts({ application }: { application: Case }) {
  const t = useMessages(caseMessages);
  const format = useFormat();
  const { decision } = application;
  return (
    <>
      {decision && (
        <>
          <dt>{t.decision}</dt>
          <dd>
            {t.discountOff(decision.discountPercent)}
            <span className="block text-muted-foreground tabular-nums">
              {t.adjustmentTotal}: {format.cents(decision.totalAdjustmentCents)}
              {decision.refundCents > 0 && ` · ${t.refund}: ${format.cents(decision.refundCents)}`}
            </span>
          </dd>
          {decision.reason && (
            <>
              <dt>{t.reason}</dt>
              <dd className="whitespace-pre-line">{decision.reason}</dd>
            </>
          )}
        </>
      )}
      {(application.refunds.length > 0 || application.refundShortCents > 0) && (
        <>
          <dt>{t.refundRequests}</dt>
          <dd>
            <RefundRequests refunds={application.refunds} />
            {application.refundShortCents > 0 && (
              <p className="mt-1 font-semibold text-warning-soft-foreground">
                {t.refundShort(format.cents(application.refundShortCents))}
              </p>
            )}
          </dd>
        </>
      )}
    </>
  );
}

/**
 * What the office asked for and by when, only while the application waits
 * for it. The service keeps the last request's items after the guarantor
 * answers (or a reviewer decides without waiting); shown then, they would
 * read as still missing. The request stays in the timeline, word for word.
 */
function InformationRequest({ application }: { application: Case }) {
  const t = useMessages(caseMessages);
  const format = useFormat();
  if (application.status !== 'need_information') return null;
  const { requestedItems, informationDueOn } = application;
  return (
    <>
      {requestedItems.length > 0 && (
        <>
          <dt>{t.requested}</dt>
          <dd>
            <ul className="list-disc pl-5">
              {requestedItems.map((item, index) => (
                <li key={`${index}-${item}`}>{item}</li>
              ))}
            </ul>
          </dd>
        </>
      )}
      {informationDueOn && (
        <>
          <dt>{t.dueOn}</dt>
          <dd>{format.date(informationDueOn)}</dd>
        </>
      )}
    </>
  );
}

/** The approval's refund requests, each opening its payment's page on the desk. */
function RefundRequests({ refunds }: { refunds: readonly CaseRefund[] }) {
  const t = useMessages(caseMessages);
  const format = useFormat();
  const statuses = useLanguage() === 'es' ? REVERSAL_STATUS_LABELS_ES : REVERSAL_STATUS_LABELS;
  if (refunds.length === 0) return null;
  return (
    <ul className="space-y-1">
      {refunds.map((refund) => (
        <li key={refund.reversalId}>
          <Link
            to="/payments/$paymentId"
            params={{ paymentId: refund.paymentId }}
            className="font-medium tabular-nums underline underline-offset-4"
          >
            {refund.reference}
          </Link>
          {` · ${statuses[refund.status]}`}
          <span className="block text-muted-foreground tabular-nums">
            {t.refundOf(format.cents(refund.amountCents), refund.receiptId ?? refund.paymentId)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Whether collection is paused for the application, and if it lifted, when and why. */
function HoldText({ hold }: { hold: Hold }) {
  const t = useMessages(caseMessages);
  const format = useFormat();
  if (hold.active) {
    return (
      <>
        {t.holdActive}
        <span className="block text-muted-foreground">
          {hold.keepPaying ? t.holdKeepPaying : t.holdAutopayPaused}
        </span>
      </>
    );
  }
  if (hold.releasedAt) {
    const why = hold.releaseReason ? `: ${t.releaseReasons[hold.releaseReason]}` : '';
    return <>{`${t.holdReleased(format.dateTime(hold.releasedAt))}${why}`}</>;
  }
  return <>{t.holdInactive}</>;
}
