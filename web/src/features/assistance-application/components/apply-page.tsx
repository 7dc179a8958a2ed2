import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { isOpen, type Tracker } from '@webpay/contracts/assistance-application';
import { LoadingPlaceholder } from '@/components/list-skeleton.tsx';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { TEXT_LINK_CLASS } from '@/components/ui/text-link.ts';
import { useBranding } from '@/hooks/use-branding.ts';
import { useEncounters } from '@/lib/encounters-query.ts';
import { useMessages } from '@/lib/messages.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useApplications } from '../api/application-queries.ts';
import { applyMessages } from '../assistance-application.messages.ts';
import { useDocumentUploads, type NewUpload } from '../hooks/use-document-uploads.ts';
import { documentPlan, type ApplicationFormValues } from '../utils/application-form.ts';
import { openAccounts } from '../utils/open-accounts.ts';
import { ApplyFlow } from './apply-flow.tsx';
import { UploadProgress } from './upload-progress.tsx';

/** The files to send after the application: those of members whose proof is sent now. */
function uploadsOf(values: ApplicationFormValues): NewUpload[] {
  return values.members.flatMap((member, memberIndex) =>
    documentPlan(member) === 'upload'
      ? member.files.map((file) => ({ file, memberIndex, kind: 'income' as const }))
      : [],
  );
}

/** /financial-assistance/apply: the application, step by step, then its documents. */
export function ApplyPage() {
  const t = useMessages(applyMessages);
  const { portalName } = useBranding();
  useDocumentTitle(t.pageTitle(portalName));
  const navigate = useNavigate();
  const uploads = useDocumentUploads();
  // Kept here: once sent, the list says an application is open, which must not hide the uploads.
  const [submitted, setSubmitted] = useState<Tracker | null>(null);

  const toTracker = (reference: string) =>
    void navigate({ to: '/financial-assistance/applications/$reference', params: { reference } });

  const onSubmitted = (tracker: Tracker, values: ApplicationFormValues) => {
    const files = uploadsOf(values);
    if (files.length === 0) return toTracker(tracker.reference);
    setSubmitted(tracker);
    void uploads.start(tracker.reference, files);
  };

  const allSent = uploads.uploads.length > 0 && uploads.sent === uploads.uploads.length;
  useEffect(() => {
    if (submitted && allSent) toTracker(submitted.reference);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the last one is sent
  }, [submitted, allSent]);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{t.heading}</h1>
        {!submitted && <p className="text-muted-foreground">{t.intro}</p>}
      </div>
      {submitted ? (
        <UploadProgress
          uploads={uploads.uploads}
          sent={uploads.sent}
          busy={uploads.busy}
          onRetry={(id) => void uploads.retry(id)}
          onContinue={() => toTracker(submitted.reference)}
        />
      ) : (
        <ApplyBody onSubmitted={onSubmitted} />
      )}
    </div>
  );
}

function ApplyBody({
  onSubmitted,
}: {
  onSubmitted: (tracker: Tracker, values: ApplicationFormValues) => void;
}) {
  const t = useMessages(applyMessages);
  const applications = useApplications();
  const bills = useEncounters();
  if (applications.isError || bills.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <AlertMessage variant="danger">{t.loadFailed}</AlertMessage>
        <Button
          variant="secondary"
          onClick={() => void Promise.all([applications.refetch(), bills.refetch()])}
        >
          {t.tryAgain}
        </Button>
      </div>
    );
  }
  if (!applications.data || !bills.data) {
    return (
      <LoadingPlaceholder label={t.loading}>
        <Skeleton className="h-96 w-full" />
      </LoadingPlaceholder>
    );
  }
  const { canApply, assetTest, applications: list } = applications.data;
  if (!canApply) {
    const open = list.find((application) => isOpen(application.status)) ?? list[0];
    return <AlreadyOpen reference={open?.reference} />;
  }
  const accounts = openAccounts(bills.data);
  if (accounts.length === 0) return <NoneOpen />;
  return <ApplyFlow accounts={accounts} assetTest={assetTest} onSubmitted={onSubmitted} />;
}

function AlreadyOpen({ reference }: { reference: string | undefined }) {
  const t = useMessages(applyMessages);
  return (
    <div className="flex flex-col items-start gap-3">
      <p>{t.alreadyOpen}</p>
      {reference && (
        <Link
          to="/financial-assistance/applications/$reference"
          params={{ reference }}
          className={TEXT_LINK_CLASS}
        >
          {t.viewOpen(reference)}
        </Link>
      )}
    </div>
  );
}

function NoneOpen() {
  const t = useMessages(applyMessages);
  return (
    <div className="flex flex-col items-start gap-3">
      <p>{t.noOpenAccounts}</p>
      <Link to="/dashboard" className={TEXT_LINK_CLASS}>
        {t.backToDashboard}
      </Link>
    </div>
  );
}
