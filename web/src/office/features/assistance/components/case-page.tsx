import { useQuery } from '@tanstack/react-query';
import { useMessages } from '@/lib/messages.ts';
import { Loading, PageHeading, QueryError } from '../../../components/page-parts.tsx';
import { caseQueryOptions } from '../api/case.ts';
import { caseMessages } from '../assistance.messages.ts';
import { AccountsSection } from './accounts-section.tsx';
import { AnswersSection } from './answers-section.tsx';
import { AssessmentSection, SignatureSection } from './assessment-section.tsx';
import { CaseActions, FirstApprovalNotice } from './case-actions.tsx';
import { SummarySection } from './case-summary.tsx';
import { DocumentsSection } from './documents-section.tsx';
import { EventsSection, LettersSection } from './history-sections.tsx';

/**
 * One application as the office reviews it: who applied and where it
 * stands, the answers and what they come to under the policy, the accounts,
 * the documents, what happened and the letters sent; and, for reviewers,
 * the actions that move it to a decision.
 */
export function CasePage({ reference, staffId }: { reference: string; staffId: string }) {
  const t = useMessages(caseMessages);
  const query = useQuery(caseQueryOptions(reference));
  if (query.isPending) return <Loading />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const application = query.data;
  return (
    <>
      <PageHeading
        subtitle={`${application.guarantorName} · ${t.account(application.accountNumber)}`}
        actions={<CaseActions application={application} staffId={staffId} />}
      >
        {t.title(application.reference)}
      </PageHeading>
      <div className="flex flex-col gap-4">
        <FirstApprovalNotice application={application} />
        <div className="grid gap-4 lg:grid-cols-3">
          <SummarySection application={application} />
          <AssessmentSection assessment={application.assessment} />
          <SignatureSection signature={application.signature} />
        </div>
        <AnswersSection answers={application.answers} />
        <AccountsSection accounts={application.accounts} />
        <DocumentsSection application={application} />
        <div className="grid gap-4 lg:grid-cols-2">
          <EventsSection events={application.events} />
          <LettersSection letters={application.letters} />
        </div>
      </div>
    </>
  );
}
