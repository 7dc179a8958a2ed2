import { Link } from '@tanstack/react-router';
import { formatCentsIn } from '@webpay/contracts/language';
import { isOpen, type Tracker } from '@webpay/contracts/assistance-application';
import { ApiProblem } from '@/components/api-problem.tsx';
import { LoadingPlaceholder } from '@/components/list-skeleton.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { TEXT_LINK_CLASS } from '@/components/ui/text-link.ts';
import { useBranding } from '@/hooks/use-branding.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useFormatDate, useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useTracker } from '../api/application-queries.ts';
import { sendMessage, sendReply } from '../api/applications-api.ts';
import { trackerMessages } from '../assistance-application.messages.ts';
import { MessageForm } from './message-form.tsx';
import { OutstandingDocument } from './outstanding-document.tsx';
import { StatusSteps } from './status-steps.tsx';
import {
  ApplicationAccounts,
  HoldNotice,
  Letters,
  SECTION,
  SECTION_HEADING,
  Timeline,
} from './tracker-sections.tsx';

/** /financial-assistance/applications/$reference: where the application stands and what happened. */
export function TrackerPage({ reference }: { reference: string }) {
  const t = useMessages(trackerMessages);
  const { portalName } = useBranding();
  useDocumentTitle(t.pageTitle(reference, portalName));
  const tracker = useTracker(reference);
  let body;
  if (tracker.error) {
    body = tracker.error instanceof ApiError ? <ApiProblem error={tracker.error.error} /> : null;
  } else if (!tracker.data) {
    body = (
      <LoadingPlaceholder label={t.loading}>
        <Skeleton className="h-96 w-full" />
      </LoadingPlaceholder>
    );
  } else {
    body = <TrackerView tracker={tracker.data} />;
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <Link to="/dashboard" className={`self-start text-sm ${TEXT_LINK_CLASS}`}>
        {t.backToDashboard}
      </Link>
      <h1 className="text-2xl font-semibold">{t.heading}</h1>
      {body}
    </div>
  );
}

function TrackerView({ tracker }: { tracker: Tracker }) {
  const t = useMessages(trackerMessages);
  const formatDate = useFormatDate();
  const open = isOpen(tracker.status);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          {t.reference(tracker.reference)} · {t.submittedOn(formatDate(tracker.submittedAt))}
        </p>
        <StatusSteps tracker={tracker} />
      </div>
      {tracker.status === 'need_information' && <InformationRequest tracker={tracker} />}
      <Decision tracker={tracker} />
      {tracker.status !== 'need_information' && <OutstandingDocuments tracker={tracker} />}
      <HoldNotice hold={tracker.hold} />
      <ApplicationAccounts accounts={tracker.accounts} />
      <Letters letters={tracker.letters} />
      <Timeline timeline={tracker.timeline} />
      {open && tracker.status !== 'need_information' && (
        <section className={SECTION} aria-label={t.message.label}>
          <MessageForm
            reference={tracker.reference}
            label={t.message.label}
            sendLabel={t.message.send}
            sentText={t.message.sent}
            required
            send={(text) => sendMessage(tracker.reference, { text })}
          />
        </section>
      )}
    </div>
  );
}

/** "Need more information": what to send and by when, first and prominent. */
function InformationRequest({ tracker }: { tracker: Tracker }) {
  const t = useMessages(trackerMessages);
  const formatDate = useFormatDate();
  return (
    <section
      aria-labelledby="request-heading"
      className="flex flex-col gap-3 rounded-lg border-2 border-warning bg-warning-soft p-4 text-warning-soft-foreground"
    >
      <h2 id="request-heading" className={SECTION_HEADING}>
        {t.needInformation.heading}
      </h2>
      {tracker.requestedItems.length > 0 && (
        <>
          <p className="font-medium">{t.needInformation.items}</p>
          <ul className="list-disc pl-6">
            {tracker.requestedItems.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      )}
      {tracker.informationDueOn && (
        <p className="text-lg font-semibold">
          {t.needInformation.due(formatDate(tracker.informationDueOn))}
        </p>
      )}
      <OutstandingDocuments tracker={tracker} />
      <MessageForm
        reference={tracker.reference}
        label={t.needInformation.reply}
        sendLabel={t.needInformation.send}
        sentText={t.needInformation.sent}
        required={false}
        send={(text) => sendReply(tracker.reference, { text })}
      />
    </section>
  );
}

function OutstandingDocuments({ tracker }: { tracker: Tracker }) {
  const t = useMessages(trackerMessages);
  const outstanding = tracker.documents.filter(
    (document) => document.status === 'outstanding' || document.status === 'rejected',
  );
  if (outstanding.length === 0 || !isOpen(tracker.status)) return null;
  return (
    <div className="flex flex-col gap-2 text-foreground">
      <h3 className="font-semibold">{t.needInformation.documentsHeading}</h3>
      {outstanding.map((document) => {
        const name = tracker.members[document.memberIndex]?.name ?? '';
        return (
          <OutstandingDocument
            key={document.id}
            reference={tracker.reference}
            document={document}
            label={t.documents.kindOf(t.documents.kinds[document.kind], name)}
          />
        );
      })}
    </div>
  );
}

/** After approval: the discount, what comes off in all and any refund; after denial, why. */
function Decision({ tracker }: { tracker: Tracker }) {
  const t = useMessages(trackerMessages);
  const language = useLanguage();
  const { decision } = tracker;
  if (!decision || isOpen(tracker.status)) return null;
  return (
    <section aria-labelledby="decision-heading" className={SECTION}>
      <h2 id="decision-heading" className={SECTION_HEADING}>
        {t.statuses[tracker.status]}
      </h2>
      {tracker.status === 'approved' && (
        <>
          <p className="font-medium">{t.decisionApproved(decision.discountPercent)}</p>
          {decision.refundCents > 0 && (
            <p>{t.decisionRefund(formatCentsIn(language, decision.refundCents))}</p>
          )}
        </>
      )}
      {decision.reason && <p>{t.decisionDenied(decision.reason)}</p>}
    </section>
  );
}
