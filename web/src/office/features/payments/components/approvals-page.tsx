import { useQuery } from '@tanstack/react-query';
import { staffCan } from '@webpay/contracts/office';
import type { Approvals } from '@webpay/contracts/payment-desk';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { Loading, PageHeading, QueryError, Td, Th } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { approvalsQueryOptions } from '../api/approvals.ts';
import { approvalsMessages } from '../payments.messages.ts';
import { PaymentLink } from './payment-link.tsx';
import { useDeskLabels } from '../utils/labels.ts';
import { Decision, ReversalSource, type Approver } from './reversals-section.tsx';

type Approval = Approvals['approvals'][number];

function ApprovalRow({ approval, approver }: { approval: Approval; approver: Approver }) {
  const t = useMessages(approvalsMessages);
  const labels = useDeskLabels();
  const format = useFormat();
  return (
    <TableRow>
      <Td>
        <CellLabel>{t.payment}</CellLabel>
        <PaymentLink payment={approval} />
        <span className="block text-xs text-muted-foreground tabular-nums">
          {t.paymentAmount} {format.cents(approval.paymentAmountCents)}
        </span>
      </Td>
      <Td>
        <CellLabel>{t.guarantor}</CellLabel>
        {approval.guarantorName}
      </Td>
      <Td className="tabular-nums md:text-right">
        <CellLabel>{t.amount}</CellLabel>
        {format.cents(approval.amountCents)}
      </Td>
      <Td>
        <CellLabel>{t.kind}</CellLabel>
        {labels.kind[approval.kind]}
        <ReversalSource source={approval.source} />
      </Td>
      <Td>
        <CellLabel>{t.requestedBy}</CellLabel>
        {approval.requestedBy?.name}
        <span className="block text-xs text-muted-foreground">
          {format.dateTime(approval.requestedAt)}
        </span>
      </Td>
      <Td>
        <CellLabel>{t.reason}</CellLabel>
        {approval.reason}
      </Td>
      <Td>
        <Decision paymentId={approval.paymentId} reversal={approval} approver={approver} />
      </Td>
    </TableRow>
  );
}

/** Reversals waiting for a second supervisor, oldest first, each linked to its payment. */
export function ApprovalsPage({ approver }: { approver: Approver }) {
  const t = useMessages(approvalsMessages);
  const query = useQuery(approvalsQueryOptions());
  const heading = <PageHeading subtitle={t.subtitle}>{t.title}</PageHeading>;
  if (query.isPending) {
    return (
      <>
        {heading}
        <Loading />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {heading}
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const { approvals } = query.data;
  return (
    <>
      {heading}
      {!staffCan(approver.role, 'approve') && (
        <p className="mb-2 text-sm text-muted-foreground">{t.readOnly}</p>
      )}
      {approvals.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t.empty}
        </p>
      ) : (
        <Table aria-label={t.table}>
          <TableHeader>
            <TableRow>
              <Th>{t.payment}</Th>
              <Th>{t.guarantor}</Th>
              <Th className="text-right">{t.amount}</Th>
              <Th>{t.kind}</Th>
              <Th>{t.requestedBy}</Th>
              <Th>{t.reason}</Th>
              <Th>
                <span className="sr-only">{t.table}</span>
              </Th>
            </TableRow>
          </TableHeader>
          <TableBody>
            {approvals.map((approval) => (
              <ApprovalRow key={approval.reversalId} approval={approval} approver={approver} />
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
