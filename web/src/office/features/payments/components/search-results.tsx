import type { PaymentSearchHit } from '@webpay/contracts/payment-desk';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { Td, Th } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { searchMessages } from '../payments.messages.ts';
import { instrumentText } from '../utils/labels.ts';
import { PaymentLink } from './payment-link.tsx';
import { PaymentStatusBadge } from './status-badge.tsx';

/** The matching payments, newest first; each receipt opens the payment's page. */
export function PaymentResults({ hits }: { hits: readonly PaymentSearchHit[] }) {
  const t = useMessages(searchMessages);
  const format = useFormat();
  return (
    <Table aria-label={t.results}>
      <TableHeader>
        <TableRow>
          <Th>{t.receipt}</Th>
          <Th>{t.date}</Th>
          <Th>{t.guarantor}</Th>
          <Th>{t.instrument}</Th>
          <Th className="text-right">{t.amount}</Th>
          <Th className="text-right">{t.refunded}</Th>
          <Th>{t.status}</Th>
        </TableRow>
      </TableHeader>
      <TableBody>
        {hits.map((hit) => (
          <TableRow key={hit.paymentId}>
            <Td>
              <CellLabel>{t.receipt}</CellLabel>
              <PaymentLink payment={hit} />
            </Td>
            <Td className="whitespace-nowrap">
              <CellLabel>{t.date}</CellLabel>
              {format.date(hit.day)}
            </Td>
            <Td>
              <CellLabel>{t.guarantor}</CellLabel>
              {hit.guarantorName}
              <span className="block text-xs text-muted-foreground tabular-nums">
                {hit.accountNumber}
              </span>
            </Td>
            <Td className="whitespace-nowrap">
              <CellLabel>{t.instrument}</CellLabel>
              {instrumentText(hit.instrument, t)}
            </Td>
            <Td className="tabular-nums md:text-right">
              <CellLabel>{t.amount}</CellLabel>
              {format.cents(hit.amountCents)}
            </Td>
            <Td className="tabular-nums md:text-right">
              <CellLabel>{t.refunded}</CellLabel>
              {hit.refundedCents > 0 ? format.cents(hit.refundedCents) : ''}
            </Td>
            <Td>
              <CellLabel>{t.status}</CellLabel>
              <PaymentStatusBadge status={hit.status} />
            </Td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
