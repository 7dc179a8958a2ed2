import { useId, type ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { formatUsd } from '@webpay/contracts/money';
import type { StatementDetail, StatementSummary } from '@webpay/contracts/statements';
import { Button } from '@/components/ui/button.tsx';
import {
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import {
  CellLabel,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table.tsx';
import { useFormatDate } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { useStatement } from '../api/get-statement.ts';
import { statementsMessages } from '../statements.messages.ts';
import { DownloadStatementButton } from './download-statement-button.tsx';
import { StatementReconciliation } from './statement-reconciliation.tsx';
import { StatementStatusBadge } from './statement-status-badge.tsx';

const AMOUNT_COLUMNS = ['charges', 'payments', 'adjustments', 'balance'] as const;

/**
 * A statement's dialog: its lines and totals, loaded when it opens. Render it
 * in a Dialog whose trigger is the row's View button, so focus goes back there.
 */
export function StatementDialogContent({ statement }: { statement: StatementSummary }) {
  const t = useMessages(statementsMessages).dialog;
  const formatDate = useFormatDate();
  return (
    <DialogContent className="max-w-4xl" hideClose>
      <DialogHeader>
        <DialogTitle>{t.title(formatDate(statement.statementDate))}</DialogTitle>
        <DialogDescription>{t.account(statement.accountNumber)}</DialogDescription>
      </DialogHeader>

      {/* Mounted only while the dialog is open, so closed rows ask the service nothing. */}
      <StatementDetails statement={statement} />

      <DialogFooter>
        <DownloadStatementButton statement={statement} />
        <DialogClose asChild>
          <Button type="button">{t.close}</Button>
        </DialogClose>
      </DialogFooter>
    </DialogContent>
  );
}

function StatementDetails({ statement }: { statement: StatementSummary }) {
  const t = useMessages(statementsMessages).dialog;
  const detail = useStatement(statement.id);
  return (
    <>
      <StatementFacts statement={detail.data ?? statement} />
      {detail.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <p role="status" className="sr-only">
            {t.loading}
          </p>
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-12 w-full" />
          ))}
        </div>
      ) : detail.isError ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-lg border border-danger/40 bg-danger-soft p-4 text-sm text-danger-soft-foreground"
        >
          <p>{t.loadFailed}</p>
          <Button
            type="button"
            variant="secondary"
            className="self-start"
            onClick={() => void detail.refetch()}
          >
            <RefreshCw aria-hidden="true" />
            {t.retry}
          </Button>
        </div>
      ) : (
        <>
          <StatementReconciliation detail={detail.data} />
          <StatementLines detail={detail.data} />
        </>
      )}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

function StatementFacts({ statement }: { statement: StatementSummary }) {
  const t = useMessages(statementsMessages).columns;
  const formatDate = useFormatDate();
  return (
    <dl className="grid grid-cols-2 gap-4 rounded-lg border border-border bg-muted/40 p-4 sm:grid-cols-3">
      <Fact label={t.amountDue}>
        <span className="text-lg tabular-nums">{formatUsd(statement.amountDue)}</span>
      </Fact>
      <Fact label={t.dueDate}>{formatDate(statement.dueDate)}</Fact>
      <Fact label={t.status}>
        <StatementStatusBadge status={statement.status} />
      </Fact>
    </dl>
  );
}

function StatementLines({ detail }: { detail: StatementDetail }) {
  const t = useMessages(statementsMessages).lines;
  const formatDate = useFormatDate();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-semibold">
        {t.heading}
      </h3>
      <div className="md:rounded-lg md:border md:border-border">
        <Table aria-labelledby={headingId}>
          <TableHeader>
            <TableRow>
              <TableHead>{t.service}</TableHead>
              {AMOUNT_COLUMNS.map((key) => (
                <TableHead key={key} className="text-right">
                  {t[key]}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {detail.items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={AMOUNT_COLUMNS.length + 1} className="text-muted-foreground">
                  {t.none}
                </TableCell>
              </TableRow>
            ) : (
              detail.items.map((item) => (
                <TableRow key={`${item.facilityId}-${item.accountNumber}-${item.serviceDate}`}>
                  <TableCell className="md:align-top">
                    <span className="flex min-w-0 flex-col gap-0.5">
                      <span className="font-semibold md:font-medium">{item.description}</span>
                      <span className="text-muted-foreground">
                        {item.facilityId}-{item.accountNumber} · {item.patientName}
                      </span>
                      <span className="text-muted-foreground">
                        {t.serviceDate(formatDate(item.serviceDate))}
                      </span>
                    </span>
                  </TableCell>
                  {AMOUNT_COLUMNS.map((key) => (
                    <TableCell key={key} className="md:text-right md:align-top">
                      <CellLabel>{t[key]}</CellLabel>
                      <span
                        className={
                          key === 'balance' ? 'font-semibold tabular-nums' : 'tabular-nums'
                        }
                      >
                        {formatUsd(item[key])}
                      </span>
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
          <tfoot role="rowgroup" className="mt-3 flex flex-col md:table-footer-group">
            <TableRow className="bg-muted/40 md:border-t md:border-border md:bg-muted/40">
              <TableHead
                scope="row"
                role="rowheader"
                className="border-0 px-0 py-1.5 text-foreground md:px-3 md:py-3"
              >
                {t.totals}
              </TableHead>
              {AMOUNT_COLUMNS.map((key) => (
                <TableCell key={key} className="font-semibold md:text-right">
                  <CellLabel>{t[key]}</CellLabel>
                  <span className="tabular-nums">{formatUsd(detail.totals[key])}</span>
                </TableCell>
              ))}
            </TableRow>
          </tfoot>
        </Table>
      </div>
    </section>
  );
}
