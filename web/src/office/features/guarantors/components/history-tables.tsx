import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import type { GuarantorPage } from '@webpay/contracts/office';
import { STATEMENT_STATUS_LABELS, STATEMENT_STATUS_LABELS_ES } from '@webpay/contracts/statements';
import { toCents } from '@webpay/contracts/money';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { Section, Td, Th } from '../../../components/page-parts.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { downloadStatementPdf } from '../api/guarantor.ts';
import { guarantorMessages } from '../guarantors.messages.ts';
import { GivenBackNote } from './given-back-note.tsx';

type Statement = GuarantorPage['statements'][number];

function DownloadButton({ guarantorId, statement }: { guarantorId: string; statement: Statement }) {
  const t = useMessages(guarantorMessages);
  const format = useFormat();
  const [state, setState] = useState<{ busy: boolean; error?: unknown }>({ busy: false });
  const download = async () => {
    setState({ busy: true });
    try {
      await downloadStatementPdf(
        guarantorId,
        statement.id,
        `statement-${statement.statementDate}.pdf`,
      );
      setState({ busy: false });
    } catch (error) {
      setState({ busy: false, error });
    }
  };
  return (
    <span className="flex flex-col items-start gap-1">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void download()}
        disabled={state.busy}
        aria-busy={state.busy}
        aria-label={t.downloadStatement(format.date(statement.statementDate))}
      >
        {state.busy ? <Spinner /> : <Download aria-hidden="true" />}
        {t.download}
      </Button>
      {state.error !== undefined && (
        <AlertMessage variant="danger">{errorText(state.error, t.failed)}</AlertMessage>
      )}
    </span>
  );
}

export function StatementsSection({ page }: { page: GuarantorPage }) {
  const t = useMessages(guarantorMessages);
  const format = useFormat();
  const labels = useLanguage() === 'es' ? STATEMENT_STATUS_LABELS_ES : STATEMENT_STATUS_LABELS;
  return (
    <Section id="statements" title={t.statements}>
      {page.statements.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.nothing}</p>
      ) : (
        <Table aria-label={t.statements}>
          <TableHeader>
            <TableRow>
              <Th>{t.statementDate}</Th>
              <Th className="text-right">{t.amountDue}</Th>
              <Th>{t.dueDate}</Th>
              <Th>{t.status}</Th>
              <Th>{t.download}</Th>
            </TableRow>
          </TableHeader>
          <TableBody>
            {page.statements.map((statement) => (
              <TableRow key={statement.id}>
                <Td>
                  <CellLabel>{t.statementDate}</CellLabel>
                  {format.date(statement.statementDate)}
                </Td>
                <Td className="tabular-nums md:text-right">
                  <CellLabel>{t.amountDue}</CellLabel>
                  {format.dollars(statement.amountDue)}
                </Td>
                <Td>
                  <CellLabel>{t.dueDate}</CellLabel>
                  {format.date(statement.dueDate)}
                </Td>
                <Td>
                  <CellLabel>{t.status}</CellLabel>
                  {labels[statement.status]}
                </Td>
                <Td>
                  <DownloadButton guarantorId={page.guarantorId} statement={statement} />
                </Td>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

export function PaymentsSection({ payments }: { payments: GuarantorPage['payments'] }) {
  const t = useMessages(guarantorMessages);
  const format = useFormat();
  return (
    <Section id="payments" title={t.payments}>
      {payments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.nothing}</p>
      ) : (
        <Table aria-label={t.payments}>
          <TableHeader>
            <TableRow>
              <Th>{t.date}</Th>
              <Th>{t.receipt}</Th>
              <Th className="text-right">{t.amount}</Th>
              <Th>{t.method}</Th>
              <Th>{t.status}</Th>
            </TableRow>
          </TableHeader>
          <TableBody>
            {payments.map((payment) => (
              <TableRow key={payment.receiptId}>
                <Td>
                  <CellLabel>{t.date}</CellLabel>
                  {format.dateTime(payment.date)}
                </Td>
                <Td className="tabular-nums">
                  <CellLabel>{t.receipt}</CellLabel>
                  {/* The guarantor's page knows receipts, not payment ids: the desk's search finds it. */}
                  <Link
                    to="/payments"
                    search={{ receipt: payment.receiptId }}
                    className="underline underline-offset-4"
                  >
                    {payment.receiptId}
                  </Link>
                </Td>
                <Td className="tabular-nums md:text-right">
                  <CellLabel>{t.amount}</CellLabel>
                  {format.cents(toCents(payment.amount))}
                </Td>
                <Td>
                  <CellLabel>{t.method}</CellLabel>
                  {t.methods[payment.method]}
                  {(payment.card ?? payment.eCheck) &&
                    ` ••${(payment.card ?? payment.eCheck)?.last4}`}
                </Td>
                <Td>
                  <CellLabel>{t.status}</CellLabel>
                  {t.paymentStatuses[payment.status]}
                  <GivenBackNote reversal={payment.reversal} />
                </Td>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
