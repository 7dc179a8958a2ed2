import { useId, type ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { formatDate } from '@webpay/contracts/dates';
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
import { useStatement } from '../api/get-statement.ts';
import { DownloadStatementButton } from './download-statement-button.tsx';
import { StatementStatusBadge } from './statement-status-badge.tsx';

const AMOUNT_COLUMNS = [
  ['charges', 'Charges'],
  ['payments', 'Payments'],
  ['adjustments', 'Adjustments'],
  ['balance', 'Balance'],
] as const;

/**
 * A statement's dialog: its lines and totals, loaded when it opens. Render it
 * in a Dialog whose trigger is the row's View button, so focus goes back there.
 */
export function StatementDialogContent({ statement }: { statement: StatementSummary }) {
  return (
    <DialogContent className="max-w-4xl" hideClose>
      <DialogHeader>
        <DialogTitle>Statement of {formatDate(statement.statementDate)}</DialogTitle>
        <DialogDescription>Account {statement.accountNumber}</DialogDescription>
      </DialogHeader>

      {/* Mounted only while the dialog is open, so closed rows ask the service nothing. */}
      <StatementDetails statement={statement} />

      <DialogFooter>
        <DownloadStatementButton statement={statement} />
        <DialogClose asChild>
          <Button type="button">Close</Button>
        </DialogClose>
      </DialogFooter>
    </DialogContent>
  );
}

function StatementDetails({ statement }: { statement: StatementSummary }) {
  const detail = useStatement(statement.id);
  return (
    <>
      <StatementFacts statement={detail.data ?? statement} />
      {detail.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <p role="status" className="sr-only">
            Loading the statement…
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
          <p>We could not load this statement. Please try again, or download the PDF instead.</p>
          <Button
            type="button"
            variant="secondary"
            className="self-start"
            onClick={() => void detail.refetch()}
          >
            <RefreshCw aria-hidden="true" />
            Try Again
          </Button>
        </div>
      ) : (
        <StatementLines detail={detail.data} />
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
  return (
    <dl className="grid grid-cols-2 gap-4 rounded-lg border border-border bg-muted/40 p-4 sm:grid-cols-3">
      <Fact label="Amount Due">
        <span className="text-lg tabular-nums">{formatUsd(statement.amountDue)}</span>
      </Fact>
      <Fact label="Due Date">{formatDate(statement.dueDate)}</Fact>
      <Fact label="Status">
        <StatementStatusBadge status={statement.status} />
      </Fact>
    </dl>
  );
}

function StatementLines({ detail }: { detail: StatementDetail }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-semibold">
        Statement lines
      </h3>
      <div className="md:rounded-lg md:border md:border-border">
        <Table aria-labelledby={headingId}>
          <TableHeader>
            <TableRow>
              <TableHead>Service</TableHead>
              {AMOUNT_COLUMNS.map(([key, label]) => (
                <TableHead key={key} className="text-right">
                  {label}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {detail.items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={AMOUNT_COLUMNS.length + 1} className="text-muted-foreground">
                  This statement has no lines.
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
                        Service date {formatDate(item.serviceDate)}
                      </span>
                    </span>
                  </TableCell>
                  {AMOUNT_COLUMNS.map(([key, label]) => (
                    <TableCell key={key} className="md:text-right md:align-top">
                      <CellLabel>{label}</CellLabel>
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
                Totals
              </TableHead>
              {AMOUNT_COLUMNS.map(([key, label]) => (
                <TableCell key={key} className="font-semibold md:text-right">
                  <CellLabel>{label}</CellLabel>
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
