import { Eye } from 'lucide-react';
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
import { useFormatDate, useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { statementsMessages } from '../statements.messages.ts';
import { statementName } from '../utils/statement-words.ts';
import { DownloadStatementButton } from './download-statement-button.tsx';
import { StatementDialogContent } from './statement-dialog.tsx';
import { StatementStatusBadge } from './statement-status-badge.tsx';

/** The guarantor's statements as the server orders them (newest first); cards on phones. */
export function StatementsTable({ statements }: { statements: readonly StatementSummary[] }) {
  const t = useMessages(statementsMessages);
  return (
    <div className="md:rounded-xl md:border md:border-border md:bg-surface md:shadow-sm">
      <Table aria-label={t.tableName}>
        <TableHeader>
          <TableRow>
            <TableHead>{t.columns.statementDate}</TableHead>
            <TableHead>{t.columns.account}</TableHead>
            <TableHead>{t.columns.status}</TableHead>
            <TableHead>{t.columns.dueDate}</TableHead>
            <TableHead className="text-right">{t.columns.amountDue}</TableHead>
            <TableHead>
              <span className="sr-only">{t.columns.actions}</span>
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
  const t = useMessages(statementsMessages);
  const language = useLanguage();
  const formatDate = useFormatDate();
  return (
    <TableRow>
      <TableCell className="text-base font-semibold md:text-sm md:font-medium">
        <CellLabel>{t.columns.statementDate}</CellLabel>
        {formatDate(statement.statementDate)}
      </TableCell>
      <TableCell>
        <CellLabel>{t.columns.account}</CellLabel>
        {statement.accountNumber}
      </TableCell>
      <TableCell>
        <CellLabel>{t.columns.status}</CellLabel>
        <StatementStatusBadge status={statement.status} />
      </TableCell>
      <TableCell>
        <CellLabel>{t.columns.dueDate}</CellLabel>
        {formatDate(statement.dueDate)}
      </TableCell>
      <TableCell className="md:text-right">
        <CellLabel>{t.columns.amountDue}</CellLabel>
        <span className="font-semibold tabular-nums">{formatUsd(statement.amountDue)}</span>
      </TableCell>
      <TableCell className="pt-3 md:pt-3">
        <span className="flex w-full flex-col gap-2 sm:flex-row md:justify-end">
          <Dialog>
            <DialogTrigger asChild>
              <Button type="button" variant="secondary">
                <Eye aria-hidden="true" />
                {t.view}
                <span className="sr-only">{t.viewWhat(statementName(statement, language))}</span>
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
