import { useState } from 'react';
import { staffCan, type StaffRole } from '@webpay/contracts/office';
import type { DeskPayment, Reversal } from '@webpay/contracts/payment-desk';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogTrigger } from '@/components/ui/dialog.tsx';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { Section, Td, Th } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { actionMessages, paymentMessages } from '../payments.messages.ts';
import { useDeskLabels } from '../utils/labels.ts';
import { DecisionDialog, type DecisionKind } from './decision-dialog.tsx';
import { ReversalStatusBadge } from './status-badge.tsx';

export interface Approver {
  role: StaffRole;
  staffId: string;
}

interface ReversalProps {
  paymentId: string;
  reversal: Reversal;
  approver: Approver;
}

/**
 * A reversal waiting for approval: a supervisor other than the requester
 * approves or rejects it; the requester is told someone else must.
 */
export function Decision({ paymentId, reversal, approver }: ReversalProps) {
  const t = useMessages(actionMessages);
  const [open, setOpen] = useState<DecisionKind | null>(null);
  if (reversal.status !== 'awaiting_approval' || !staffCan(approver.role, 'approve')) return null;
  if (reversal.requestedBy?.staffId === approver.staffId) {
    return <p className="text-xs text-muted-foreground">{t.othersMustApprove}</p>;
  }
  return (
    <div className="flex gap-1">
      {(['approve', 'reject'] as const).map((decision) => (
        <Dialog
          key={decision}
          open={open === decision}
          onOpenChange={(isOpen) => setOpen(isOpen ? decision : null)}
        >
          <DialogTrigger asChild>
            <Button size="sm" variant={decision === 'approve' ? 'primary' : 'secondary'}>
              {t[decision]}
            </Button>
          </DialogTrigger>
          {open === decision && (
            <DecisionDialog
              paymentId={paymentId}
              reversal={reversal}
              decision={decision}
              onDone={() => setOpen(null)}
            />
          )}
        </Dialog>
      ))}
    </div>
  );
}

/** Where a reversal came from, when not the desk itself. */
export function ReversalSource({ source }: { source: Reversal['source'] }) {
  const t = useMessages(paymentMessages);
  if (source === 'desk') return null;
  return (
    <span className="block text-xs text-muted-foreground">
      {source === 'processor' ? t.fromProcessor : t.fromAssistance}
    </span>
  );
}

function ReversalRow({ paymentId, reversal, approver }: ReversalProps) {
  const t = useMessages(paymentMessages);
  const labels = useDeskLabels();
  const format = useFormat();
  return (
    <TableRow>
      <Td className="font-mono text-xs">
        <CellLabel>{t.referenceColumn}</CellLabel>
        {reversal.reference}
      </Td>
      <Td>
        <CellLabel>{t.kind}</CellLabel>
        {labels.kind[reversal.kind]}
        <ReversalSource source={reversal.source} />
      </Td>
      <Td>
        <CellLabel>{t.status}</CellLabel>
        <span className="flex flex-col items-start gap-1">
          <ReversalStatusBadge status={reversal.status} />
          <Decision paymentId={paymentId} reversal={reversal} approver={approver} />
        </span>
      </Td>
      <Td className="tabular-nums md:text-right">
        <CellLabel>{t.amount}</CellLabel>
        {format.cents(reversal.amountCents)}
      </Td>
      <Td>
        <CellLabel>{t.reason}</CellLabel>
        {reversal.reason}
      </Td>
      <Td>
        <CellLabel>{t.requestedBy}</CellLabel>
        {reversal.requestedBy?.name}
        <span className="block text-xs text-muted-foreground">
          {format.dateTime(reversal.requestedAt)}
        </span>
      </Td>
      <Td>
        <CellLabel>{t.decidedBy}</CellLabel>
        {reversal.decidedBy?.name}
        {reversal.rejectionReason && (
          <span className="block text-xs">{reversal.rejectionReason}</span>
        )}
      </Td>
      <Td>
        <CellLabel>{t.failure}</CellLabel>
        {reversal.failure}
      </Td>
    </TableRow>
  );
}

export function ReversalsSection({
  payment,
  approver,
}: {
  payment: DeskPayment;
  approver: Approver;
}) {
  const t = useMessages(paymentMessages);
  return (
    <Section id="reversals" title={t.reversals}>
      {payment.reversals.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.nothing}</p>
      ) : (
        <Table aria-label={t.reversals}>
          <TableHeader>
            <TableRow>
              <Th>{t.referenceColumn}</Th>
              <Th>{t.kind}</Th>
              <Th>{t.status}</Th>
              <Th className="text-right">{t.amount}</Th>
              <Th>{t.reason}</Th>
              <Th>{t.requestedBy}</Th>
              <Th>{t.decidedBy}</Th>
              <Th>{t.failure}</Th>
            </TableRow>
          </TableHeader>
          <TableBody>
            {payment.reversals.map((reversal) => (
              <ReversalRow
                key={reversal.reversalId}
                paymentId={payment.paymentId}
                reversal={reversal}
                approver={approver}
              />
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
