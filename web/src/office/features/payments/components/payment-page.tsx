import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { staffCan } from '@webpay/contracts/office';
import type { DeskPayment } from '@webpay/contracts/payment-desk';
import { useMessages } from '@/lib/messages.ts';
import { Loading, PageHeading, QueryError, Section } from '../../../components/page-parts.tsx';
import { SentEmailsSection } from '../../../components/sent-emails-section.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { paymentQueryOptions } from '../api/payment.ts';
import { paymentMessages, searchMessages } from '../payments.messages.ts';
import { instrumentText } from '../utils/labels.ts';
import { PaymentActions } from './payment-actions.tsx';
import { EventsSection, LinesSection, ProcessorSection } from './payment-tables.tsx';
import { ReversalsSection, type Approver } from './reversals-section.tsx';
import { PaymentStatusBadge } from './status-badge.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium tabular-nums">{children}</dd>
    </div>
  );
}

function SummarySection({ payment }: { payment: DeskPayment }) {
  const t = useMessages(paymentMessages);
  const instrumentWords = useMessages(searchMessages);
  const format = useFormat();
  return (
    <Section id="summary" title={t.summary} className="lg:col-span-2">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
        <Fact label={t.status}>
          <PaymentStatusBadge status={payment.status} />
        </Fact>
        <Fact label={t.amount}>{format.cents(payment.amountCents)}</Fact>
        <Fact label={t.refunded}>{format.cents(payment.refundedCents)}</Fact>
        <Fact label={t.refundable}>{format.cents(payment.refundableCents)}</Fact>
        <Fact label={t.paidWith}>{instrumentText(payment.instrument, instrumentWords)}</Fact>
        <Fact label={t.created}>{format.dateTime(payment.createdAt)}</Fact>
        <Fact label={t.recorded}>
          {payment.recordedAt ? format.dateTime(payment.recordedAt) : t.notYet}
        </Fact>
      </dl>
    </Section>
  );
}

function PeopleSection({ payment }: { payment: DeskPayment }) {
  const t = useMessages(paymentMessages);
  const { guarantor, payer } = payment;
  return (
    <Section id="people" title={`${t.payer} · ${t.guarantor}`}>
      <dl className="flex flex-col gap-3">
        <Fact label={t.payer}>
          {payer.name}
          {payer.email && <EmailAddress address={payer.email} className="block font-normal" />}
          {payer.address && <span className="block font-normal">{payer.address}</span>}
        </Fact>
        <Fact label={t.guarantor}>
          <Link
            to="/guarantors/$guarantorId"
            params={{ guarantorId: guarantor.guarantorId }}
            className="underline underline-offset-4"
          >
            {guarantor.name}
          </Link>
          <span className="block font-normal">{t.account(guarantor.accountNumber)}</span>
        </Fact>
        <Fact label={t.receiptEmail}>{payment.receiptEmail ?? t.nothing}</Fact>
      </dl>
    </Section>
  );
}

function PostingSection({ posting }: { posting: DeskPayment['posting'] }) {
  const t = useMessages(paymentMessages);
  const format = useFormat();
  return (
    <Section id="posting" title={t.posting}>
      <dl className="flex flex-col gap-3">
        <Fact label={t.exported}>
          {posting.exportedAt ? format.dateTime(posting.exportedAt) : t.notYet}
        </Fact>
        <Fact label={t.batch}>{posting.exportBatch ?? t.notYet}</Fact>
        <Fact label={t.applied}>
          {posting.appliedAt ? format.dateTime(posting.appliedAt) : t.notYet}
        </Fact>
      </dl>
    </Section>
  );
}

/**
 * A payment as the desk sees it: what was paid and given back, by whom,
 * what the processor says now, and the void, refund and receipt actions
 * the staff member's role allows.
 */
export function PaymentPageView({
  paymentId,
  approver,
}: {
  paymentId: string;
  approver: Approver;
}) {
  const t = useMessages(paymentMessages);
  const query = useQuery(paymentQueryOptions(paymentId));
  if (query.isPending) return <Loading />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const payment = query.data;
  return (
    <>
      <PageHeading
        subtitle={t.reference(payment.reference)}
        actions={<PaymentActions payment={payment} role={approver.role} />}
      >
        {t.title(payment.receiptId ?? payment.reference)}
      </PageHeading>
      <div className="grid gap-4 lg:grid-cols-3">
        <SummarySection payment={payment} />
        <PeopleSection payment={payment} />
        <div className="flex flex-col gap-4 lg:col-span-3">
          <LinesSection lines={payment.lines} />
          <ReversalsSection payment={payment} approver={approver} />
          <ProcessorSection
            paymentId={payment.paymentId}
            processor={payment.processor}
            canCheck={staffCan(approver.role, 'support')}
          />
          <PostingSection posting={payment.posting} />
          <SentEmailsSection emails={payment.emails} />
          <EventsSection events={payment.events} />
        </div>
      </div>
    </>
  );
}
