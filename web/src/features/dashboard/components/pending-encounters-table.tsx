import { memo, useId, useMemo } from 'react';
import {
  encounterNumber,
  encounterStatusLabel,
  type Encounter,
} from '@webpay/contracts/encounters';
import { formatUsd } from '@webpay/contracts/money';
import {
  CellLabel,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table.tsx';
import { encounterPayable, type EnteredAmounts } from '@/lib/payments/payment-items.ts';
import { useFormatDate } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { dashboardMessages } from '../dashboard.messages.ts';
import { useMoreRows } from '../hooks/use-more-rows.ts';
import { ShowMoreRows } from './show-more-rows.tsx';
import { PendingPaymentsMarker } from './pending-payments-marker.tsx';
import { RowAmountControls } from './row-amount-controls.tsx';

/** SPEC §2: Encounter Number, Patient Name, Status, Admit Date, Balance, Payment Amount. */
const COLUMN_COUNT = 6;

export interface PendingEncountersTableProps {
  encounters: readonly Encounter[];
  /** Entered payment amounts keyed by Payable.key (the encounter number), as typed. */
  amounts: EnteredAmounts;
  /** Must be stable: the rows are memoised on it. */
  onAmountChange: (key: string, value: string) => void;
}

/** SPEC §2 Pending Encounters: the guarantor's open bills at the main facility. */
export function PendingEncountersTable({
  encounters,
  amounts,
  onAmountChange,
}: PendingEncountersTableProps) {
  const t = useMessages(dashboardMessages);
  const headingId = useId();
  const keys = useMemo(() => encounters.map(encounterNumber), [encounters]);
  const { shown, showMore, bodyRef } = useMoreRows(keys, amounts);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {t.labels.pendingEncounters}
      </h2>
      <div className="md:rounded-xl md:border md:border-border md:bg-surface md:shadow-sm">
        <Table aria-labelledby={headingId}>
          <TableHeader>
            <TableRow>
              <TableHead>{t.columns.encounterNumber}</TableHead>
              <TableHead>{t.columns.patientName}</TableHead>
              <TableHead>{t.columns.status}</TableHead>
              <TableHead>{t.columns.admitDate}</TableHead>
              <TableHead className="text-right">{t.columns.balance}</TableHead>
              <TableHead className="text-right">{t.columns.paymentAmount}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody ref={bodyRef}>
            {encounters.length === 0 ? (
              <TableRow>
                <TableCell
                  colSpan={COLUMN_COUNT}
                  className="justify-center py-6 text-muted-foreground md:text-center"
                >
                  {t.messages.noEncounters}
                </TableCell>
              </TableRow>
            ) : (
              encounters.slice(0, shown).map((encounter, index) => {
                const number = keys[index] ?? encounterNumber(encounter);
                return (
                  <PendingEncounterRow
                    key={number}
                    encounter={encounter}
                    value={amounts[number] ?? ''}
                    onAmountChange={onAmountChange}
                  />
                );
              })
            )}
          </TableBody>
        </Table>
      </div>
      <ShowMoreRows
        shown={shown}
        total={encounters.length}
        noun={t.moreRows.encounters}
        tableName={t.labels.pendingEncounters}
        onShowMore={showMore}
      />
    </section>
  );
}

interface PendingEncounterRowProps {
  encounter: Encounter;
  value: string;
  onAmountChange: (key: string, value: string) => void;
}

/*
 * Each row gets only its own amount, so a keystroke in one field of a long
 * account re-renders that row and not the other hundred.
 */
const PendingEncounterRow = memo(function PendingEncounterRow({
  encounter,
  value,
  onAmountChange,
}: PendingEncounterRowProps) {
  const t = useMessages(dashboardMessages);
  const formatDate = useFormatDate();
  const payable = useMemo(() => encounterPayable(encounter), [encounter]);
  const number = payable.key;
  return (
    <TableRow>
      <TableCell className="font-semibold md:font-medium">
        <CellLabel>{t.columns.encounterNumber}</CellLabel>
        {number}
      </TableCell>
      <TableCell>
        <CellLabel>{t.columns.patientName}</CellLabel>
        {encounter.patientName}
      </TableCell>
      <TableCell>
        <CellLabel>{t.columns.status}</CellLabel>
        {encounterStatusLabel(encounter.status, t.encounterStatuses)}
      </TableCell>
      <TableCell>
        <CellLabel>{t.columns.admitDate}</CellLabel>
        {encounter.admitDate ? formatDate(encounter.admitDate) : '—'}
      </TableCell>
      <TableCell>
        <CellLabel>{t.columns.balance}</CellLabel>
        <span className="flex flex-wrap items-center justify-end gap-2">
          <PendingPaymentsMarker itemLabel={number} pendingPayments={encounter.pendingPayments} />
          <span className="font-semibold tabular-nums">{formatUsd(encounter.balance)}</span>
        </span>
      </TableCell>
      <TableCell className="flex-wrap">
        <CellLabel>{t.columns.paymentAmount}</CellLabel>
        <RowAmountControls
          payable={payable}
          label={number}
          value={value}
          onValueChange={onAmountChange}
        />
      </TableCell>
    </TableRow>
  );
});
