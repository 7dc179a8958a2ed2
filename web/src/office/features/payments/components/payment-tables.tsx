import type { DeskPayment } from '@webpay/contracts/payment-desk';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { Section, Td, Th } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { paymentMessages } from '../payments.messages.ts';
import { ProcessorCheck } from './processor-check.tsx';

export function LinesSection({ lines }: { lines: DeskPayment['lines'] }) {
  const t = useMessages(paymentMessages);
  const format = useFormat();
  return (
    <Section id="lines" title={t.lines}>
      <Table aria-label={t.lines}>
        <TableHeader>
          <TableRow>
            <Th>{t.facility}</Th>
            <Th>{t.accountId}</Th>
            <Th>{t.description}</Th>
            <Th className="text-right">{t.amount}</Th>
            <Th className="text-right">{t.refunded}</Th>
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.lineNumber}>
              <Td className="tabular-nums">
                <CellLabel>{t.facility}</CellLabel>
                {line.facilityId}
              </Td>
              <Td className="tabular-nums">
                <CellLabel>{t.accountId}</CellLabel>
                {line.accountId}
              </Td>
              <Td>
                <CellLabel>{t.description}</CellLabel>
                {line.description ?? line.paymentType}
              </Td>
              <Td className="tabular-nums md:text-right">
                <CellLabel>{t.amount}</CellLabel>
                {format.cents(line.amountCents)}
              </Td>
              <Td className="tabular-nums md:text-right">
                <CellLabel>{t.refunded}</CellLabel>
                {line.refundedCents > 0 ? format.cents(line.refundedCents) : ''}
              </Td>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

function batchStateOf(settled: boolean | null) {
  if (settled === null) return 'unknown';
  return settled ? 'settled' : 'notSettled';
}

/** What the processor says now (txnquery): the sale, and any voids and returns of it. */
export function ProcessorSection({
  paymentId,
  processor,
  canCheck,
}: {
  paymentId: string;
  processor: DeskPayment['processor'];
  canCheck: boolean;
}) {
  const t = useMessages(paymentMessages);
  const format = useFormat();
  const batch = t.batchState[batchStateOf(processor.settled)];
  return (
    <Section id="processor" title={t.processor}>
      <p className="mb-2 text-sm text-muted-foreground">
        {t.processorHint} {batch}
      </p>
      {processor.error && (
        <div className="mb-2">
          <AlertMessage variant="warning">{processor.error}</AlertMessage>
        </div>
      )}
      {processor.transactions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.nothing}</p>
      ) : (
        <Table aria-label={t.processor}>
          <TableHeader>
            <TableRow>
              <Th>{t.txnId}</Th>
              <Th>{t.type}</Th>
              <Th>{t.status}</Th>
              <Th>{t.settled}</Th>
              <Th className="text-right">{t.amount}</Th>
              <Th>{t.time}</Th>
              <Th>{t.message}</Th>
            </TableRow>
          </TableHeader>
          <TableBody>
            {processor.transactions.map((txn) => (
              <TableRow key={txn.txnId}>
                <Td className="font-mono text-xs">
                  <CellLabel>{t.txnId}</CellLabel>
                  {txn.txnId}
                </Td>
                <Td className="font-mono text-xs">
                  <CellLabel>{t.type}</CellLabel>
                  {txn.type}
                </Td>
                <Td className="font-mono text-xs">
                  <CellLabel>{t.status}</CellLabel>
                  {txn.status}
                </Td>
                <Td>
                  <CellLabel>{t.settled}</CellLabel>
                  {txn.settled ? t.yes : t.no}
                </Td>
                <Td className="tabular-nums md:text-right">
                  <CellLabel>{t.amount}</CellLabel>
                  {txn.amountCents === null ? '' : format.cents(txn.amountCents)}
                </Td>
                <Td className="whitespace-nowrap">
                  <CellLabel>{t.time}</CellLabel>
                  {txn.time ? format.dateTime(txn.time) : ''}
                </Td>
                <Td>
                  <CellLabel>{t.message}</CellLabel>
                  {txn.resultMessage}
                </Td>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {canCheck && <ProcessorCheck paymentId={paymentId} />}
    </Section>
  );
}

/** Everything that happened to the payment, newest as the service orders it. */
export function EventsSection({ events }: { events: DeskPayment['events'] }) {
  const t = useMessages(paymentMessages);
  const format = useFormat();
  return (
    <Section id="events" title={t.events}>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.nothing}</p>
      ) : (
        <Table aria-label={t.events}>
          <TableHeader>
            <TableRow>
              <Th>{t.when}</Th>
              <Th>{t.who}</Th>
              <Th>{t.what}</Th>
              <Th>{t.outcome}</Th>
              <Th>{t.reason}</Th>
            </TableRow>
          </TableHeader>
          <TableBody>
            {events.map((event, index) => (
              <TableRow key={`${event.at}-${event.action}-${index}`}>
                <Td className="whitespace-nowrap tabular-nums">
                  <CellLabel>{t.when}</CellLabel>
                  {format.dateTime(event.at)}
                </Td>
                <Td>
                  <CellLabel>{t.who}</CellLabel>
                  {event.actorName ?? event.actorType}
                </Td>
                <Td>
                  <CellLabel>{t.what}</CellLabel>
                  {event.summary}
                  <span className="block font-mono text-xs text-muted-foreground">
                    {event.action}
                  </span>
                </Td>
                <Td>
                  <CellLabel>{t.outcome}</CellLabel>
                  <Badge variant={event.outcome === 'success' ? 'success' : 'danger'}>
                    {t.outcomes[event.outcome]}
                  </Badge>
                </Td>
                <Td>
                  <CellLabel>{t.reason}</CellLabel>
                  {event.reason}
                </Td>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
