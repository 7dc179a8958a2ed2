import type { Case } from '@webpay/contracts/assistance-application';
import { Badge } from '@/components/ui/badge.tsx';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { Section, Td, Th } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { caseMessages } from '../assistance.messages.ts';

/** The accounts the application covers; after approval, each one's adjustment and whether it is booked. */
export function AccountsSection({ accounts }: { accounts: Case['accounts'] }) {
  const t = useMessages(caseMessages);
  const format = useFormat();
  const adjusted = accounts.some((account) => account.adjustmentCents !== null);
  return (
    <Section id="accounts" title={t.accounts}>
      <Table aria-label={t.accounts}>
        <TableHeader>
          <TableRow>
            <Th>{t.accountNumber}</Th>
            <Th>{t.patient}</Th>
            <Th>{t.serviceDate}</Th>
            <Th className="text-right">{t.charges}</Th>
            <Th className="text-right">{t.payments}</Th>
            <Th className="text-right">{t.balance}</Th>
            {adjusted && <Th className="text-right">{t.adjustment}</Th>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {accounts.map((account) => (
            <TableRow key={`${account.facilityId}-${account.accountNumber}`}>
              <Td className="tabular-nums">
                <CellLabel>{t.accountNumber}</CellLabel>
                {account.accountNumber}
              </Td>
              <Td>
                <CellLabel>{t.patient}</CellLabel>
                {account.patientName}
              </Td>
              <Td className="whitespace-nowrap">
                <CellLabel>{t.serviceDate}</CellLabel>
                {account.serviceDate ? format.date(account.serviceDate) : '—'}
              </Td>
              <Td className="tabular-nums md:text-right">
                <CellLabel>{t.charges}</CellLabel>
                {format.cents(account.chargesCents)}
              </Td>
              <Td className="tabular-nums md:text-right">
                <CellLabel>{t.payments}</CellLabel>
                {format.cents(account.paymentsCents)}
              </Td>
              <Td className="tabular-nums md:text-right">
                <CellLabel>{t.balance}</CellLabel>
                {format.cents(account.balanceCents)}
              </Td>
              {adjusted && (
                <Td className="tabular-nums md:text-right">
                  <CellLabel>{t.adjustment}</CellLabel>
                  <Adjustment account={account} />
                </Td>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

function Adjustment({ account }: { account: Case['accounts'][number] }) {
  const t = useMessages(caseMessages);
  const format = useFormat();
  if (account.adjustmentCents === null) return <>—</>;
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-2">
      {format.cents(-account.adjustmentCents)}
      {account.adjustmentStatus && (
        <Badge variant={account.adjustmentStatus === 'confirmed' ? 'success' : 'info'}>
          {t.adjustmentStatuses[account.adjustmentStatus]}
        </Badge>
      )}
    </span>
  );
}
