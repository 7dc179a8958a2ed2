import { Eye } from 'lucide-react';
import { formatDate } from '@webpay/contracts/dates';
import { formatUsd } from '@webpay/contracts/money';
import type { StatementSummary } from '@webpay/contracts/statements';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogTrigger } from '@/components/ui/dialog.tsx';
import {
  CellLabel,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table.tsx';
import { statementName } from '../utils/statement-words.ts';
import { DownloadStatementButton } from './download-statement-button.tsx';
import { StatementDialogContent } from './statement-dialog.tsx';
import { StatementStatusBadge } from './statement-status-badge.tsx';

const COLUMNS = ['Statement Date', 'Account', 'Status', 'Due Date', 'Amount Due'] as const;

/** The guarantor's statements as the server orders them (newest first); cards on phones. */
export function StatementsTable({ statements }: { statements: readonly StatementSummary[] }) {
  return (
    <div className="md:rounded-xl md:border md:border-border md:bg-surface md:shadow-sm">
      <Table aria-label="Statements">
        <TableHeader>
          <TableRow>
            <TableHead>{COLUMNS[0]}</TableHead>
            <TableHead>{COLUMNS[1]}</TableHead>
            <TableHead>{COLUMNS[2]}</TableHead>
            <TableHead>{COLUMNS[3]}</TableHead>
            <TableHead className="text-right">{COLUMNS[4]}</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {statements.map((statement) => (
            <StatementRow key={statement.id} statement={statement} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function StatementRow({ statement }: { statement: StatementSummary }) {
  return (
    <TableRow>
      <TableCell className="text-base font-semibold md:text-sm md:font-medium">
        <CellLabel>{COLUMNS[0]}</CellLabel>
        {formatDate(statement.statementDate)}
      </TableCell>
      <TableCell>
        <CellLabel>{COLUMNS[1]}</CellLabel>
        {statement.accountNumber}
      </TableCell>
      <TableCell>
        <CellLabel>{COLUMNS[2]}</CellLabel>
        <StatementStatusBadge status={statement.status} />
      </TableCell>
      <TableCell>
        <CellLabel>{COLUMNS[3]}</CellLabel>
        {formatDate(statement.dueDate)}
      </TableCell>
      <TableCell className="md:text-right">
        <CellLabel>{COLUMNS[4]}</CellLabel>
        <span className="font-semibold tabular-nums">{formatUsd(statement.amountDue)}</span>
      </TableCell>
      <TableCell className="pt-3 md:pt-3">
        <span className="flex w-full flex-col gap-2 sm:flex-row md:justify-end">
          <Dialog>
            <DialogTrigger asChild>
              <Button type="button" variant="secondary">
                <Eye aria-hidden="true" />
                View<span className="sr-only"> {statementName(statement)}</span>
              </Button>
            </DialogTrigger>
            <StatementDialogContent statement={statement} />
          </Dialog>
          <DownloadStatementButton statement={statement} />
        </span>
      </TableCell>
    </TableRow>
  );
}
