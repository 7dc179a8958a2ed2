import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { StaffRole } from '@webpay/contracts/office';
import { useMessages } from '@/lib/messages.ts';
import { AuditTrail } from '../../../components/audit-trail.tsx';
import { Loading, PageHeading, QueryError, Section } from '../../../components/page-parts.tsx';
import { SentEmailsSection } from '../../../components/sent-emails-section.tsx';
import { guarantorQueryOptions } from '../api/guarantor.ts';
import { guarantorMessages } from '../guarantors.messages.ts';
import { EncountersSection, PlansSection } from './billing-tables.tsx';
import { BalancesSection, IdentitySection, SignInSection } from './guarantor-summary.tsx';
import { PaymentsSection, StatementsSection } from './history-tables.tsx';
import { RecurringSection } from './recurring-section.tsx';
import { SupportActions } from './support-actions.tsx';

/**
 * A guarantor's page: who they are, what they owe as the portal shows it,
 * what they paid and were sent, their sign-in state, the help staff can
 * give, and who has looked (opening this page is itself audited).
 */
export function GuarantorPageView({ guarantorId, role }: { guarantorId: string; role: StaffRole }) {
  const t = useMessages(guarantorMessages);
  const query = useQuery(guarantorQueryOptions(guarantorId));
  if (query.isPending) return <Loading />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const page = query.data;
  return (
    <>
      <PageHeading
        subtitle={t.account(page.accountNumber)}
        actions={<SupportActions guarantorId={guarantorId} role={role} />}
      >
        {page.name}
      </PageHeading>
      <div className="grid gap-4 lg:grid-cols-3">
        <IdentitySection page={page} />
        <SignInSection page={page} />
        <BalancesSection page={page} />
        <div className="flex flex-col gap-4 lg:col-span-3">
          <EncountersSection billing={page.billing} />
          <PlansSection plans={page.billing.paymentPlans} />
          <RecurringSection guarantorId={guarantorId} role={role} />
          <StatementsSection page={page} />
          <PaymentsSection payments={page.payments} />
          <SentEmailsSection emails={page.emails} />
          <Section
            id="audit"
            title={t.audit}
            actions={
              <Link
                to="/audit"
                search={{ guarantorId }}
                className="text-sm font-medium underline underline-offset-4"
              >
                {t.auditScreen}
              </Link>
            }
          >
            <AuditTrail filters={{ guarantorId }} showGuarantor={false} />
          </Section>
        </div>
      </div>
    </>
  );
}
