import { CircleAlert, CircleCheck } from 'lucide-react';
import type { SettlementReport } from '@webpay/contracts/payment-desk';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { cn } from '@/lib/utils.ts';
import { Section, Td, Th } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { reportsMessages } from '../reports.messages.ts';

const NUMBER = 'text-right tabular-nums';

/** Whether a day agrees, said with an icon and words, never by colour alone. */
function Agreement({ differs }: { differs: boolean }) {
  const t = useMessages(reportsMessages).settlement;
  const Icon = differs ? CircleAlert : CircleCheck;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 font-medium',
        differs ? 'text-danger-text' : 'text-muted-foreground',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {differs ? t.differs : t.matches}
    </span>
  );
}

function Days({ report }: { report: SettlementReport }) {
  const words = useMessages(reportsMessages);
  const t = words.settlement;
  const format = useFormat();
  const money = (cents: number | null) => (cents === null ? '—' : format.cents(cents));
  return (
    <Table>
      <caption className="mb-1 text-left text-sm text-muted-foreground">
        {t.caption(format.date(report.from), format.date(report.to))}
      </caption>
      <TableHeader>
        <TableRow>
          <Th>{words.date}</Th>
          <Th className={NUMBER}>{t.webpay}</Th>
          <Th className={NUMBER}>{t.processor}</Th>
          <Th className={NUMBER}>{t.difference}</Th>
          <Th className={NUMBER}>{t.unsettled}</Th>
          <Th>{t.batches}</Th>
        </TableRow>
      </TableHeader>
      <TableBody>
        {report.days.map((day) => {
          const differs = day.differenceCents !== null && day.differenceCents !== 0;
          return (
            <TableRow key={day.date} className={cn(differs && 'bg-danger-soft')}>
              <th scope="row" role="rowheader" className="px-2 py-1.5 text-left font-medium">
                {format.date(day.date)}
              </th>
              <Td className={NUMBER}>{money(day.webpayCents)}</Td>
              <Td className={NUMBER}>{money(day.processorCents)}</Td>
              <Td className={NUMBER}>
                <span className="inline-flex items-center gap-2">
                  {money(day.differenceCents)}
                  {day.differenceCents !== null && <Agreement differs={differs} />}
                </span>
              </Td>
              <Td className={NUMBER}>{day.unsettledCount}</Td>
              <Td>{day.batches.map((batch) => batch.batchId).join(', ')}</Td>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function Batches({ report }: { report: SettlementReport }) {
  const words = useMessages(reportsMessages);
  const t = words.settlement;
  const format = useFormat();
  const batches = report.days.flatMap((day) =>
    day.batches.map((batch) => ({ ...batch, date: day.date })),
  );
  if (batches.length === 0) return <p className="text-sm text-muted-foreground">{t.noBatches}</p>;
  return (
    <Table>
      <caption className="mb-1 text-left text-sm text-muted-foreground">{t.batchesCaption}</caption>
      <TableHeader>
        <TableRow>
          <Th>{t.batch}</Th>
          <Th>{words.date}</Th>
          <Th>{t.settledAt}</Th>
          <Th className={NUMBER}>{t.transactions}</Th>
          <Th className={NUMBER}>{t.netAmount}</Th>
        </TableRow>
      </TableHeader>
      <TableBody>
        {batches.map((batch) => (
          <TableRow key={`${batch.date}-${batch.batchId}`}>
            <Td className="font-medium">{batch.batchId}</Td>
            <Td>{format.date(batch.date)}</Td>
            <Td>{batch.settledAt ? format.dateTime(batch.settledAt) : '—'}</Td>
            <Td className={NUMBER}>{batch.count}</Td>
            <Td className={NUMBER}>{format.cents(batch.netCents)}</Td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Differences({ report }: { report: SettlementReport }) {
  const words = useMessages(reportsMessages);
  const t = words.settlement;
  const format = useFormat();
  if (report.differences.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <CircleCheck aria-hidden="true" className="size-4" />
        {t.noDifferences}
      </p>
    );
  }
  return (
    <Table>
      <caption className="mb-1 text-left text-sm text-muted-foreground">
        {t.differencesCaption}
      </caption>
      <TableHeader>
        <TableRow>
          <Th>{words.date}</Th>
          <Th>{t.kind}</Th>
          <Th>{t.transaction}</Th>
          <Th>{t.receipt}</Th>
          <Th className={NUMBER}>{t.webpay}</Th>
          <Th className={NUMBER}>{t.processor}</Th>
          <Th>{t.description}</Th>
        </TableRow>
      </TableHeader>
      <TableBody>
        {report.differences.map((entry, index) => (
          <TableRow key={`${entry.txnId ?? 'none'}-${index}`}>
            <Td>{format.date(entry.date)}</Td>
            <Td>
              <span className="inline-flex items-center gap-1 font-medium text-danger-text">
                <CircleAlert aria-hidden="true" className="size-4" />
                {t.kinds[entry.kind]}
              </span>
            </Td>
            <Td className="font-mono text-xs">{entry.txnId ?? '—'}</Td>
            <Td>{entry.receiptId ?? '—'}</Td>
            <Td className={NUMBER}>
              {entry.webpayCents === null ? '—' : format.cents(entry.webpayCents)}
            </Td>
            <Td className={NUMBER}>
              {entry.processorCents === null ? '—' : format.cents(entry.processorCents)}
            </Td>
            <Td>{entry.description}</Td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** WebPay's days against the processor's settled batches, the batches, and what differs. */
export function SettlementReportView({ report }: { report: SettlementReport }) {
  const t = useMessages(reportsMessages).settlement;
  return (
    <div className="flex flex-col gap-4">
      {report.error && <AlertMessage variant="warning">{report.error}</AlertMessage>}
      <Section id="settlement-days" title={t.heading}>
        <Days report={report} />
      </Section>
      {/* Without the processor's side, nothing can be said to agree or differ. */}
      {!report.error && (
        <>
          <Section id="settlement-differences" title={t.differences}>
            <Differences report={report} />
          </Section>
          <Section id="settlement-batches" title={t.batches}>
            <Batches report={report} />
          </Section>
        </>
      )}
    </div>
  );
}
