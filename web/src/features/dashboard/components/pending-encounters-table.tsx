import { memo, useId, useMemo } from 'react';
import {
  encounterNumber,
  encounterStatusLabel,
  type Encounter,
} from '@webpay/contracts/encounters';
import { formatDate } from '@webpay/contracts/dates';
import { DASHBOARD_LABELS, DASHBOARD_MESSAGES } from '@webpay/contracts/messages';
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
import { encounterPayable, type EnteredAmounts } from '@/features/payments/utils/payment-items.ts';
import { useMoreRows } from '../hooks/use-more-rows.ts';
import { ShowMoreRows } from './show-more-rows.tsx';
import { PendingPaymentsMarker } from './pending-payments-marker.tsx';
import { RowAmountControls } from './row-amount-controls.tsx';

const COLUMNS = [
  'Encounter Number',
  'Patient Name',
  'Status',
  'Admit Date',
  'Balance',
  'Payment Amount',
] as const;

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
  const headingId = useId();
  const keys = useMemo(() => encounters.map(encounterNumber), [encounters]);
  const { shown, showMore, bodyRef } = useMoreRows(keys, amounts);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {DASHBOARD_LABELS.pendingEncounters}
      </h2>
      <div className="md:rounded-xl md:border md:border-border md:bg-surface md:shadow-sm">
        <Table aria-labelledby={headingId}>
          <TableHeader>
            <TableRow>
              <TableHead>{COLUMNS[0]}</TableHead>
              <TableHead>{COLUMNS[1]}</TableHead>
              <TableHead>{COLUMNS[2]}</TableHead>
              <TableHead>{COLUMNS[3]}</TableHead>
              <TableHead className="text-right">{COLUMNS[4]}</TableHead>
              <TableHead className="text-right">{COLUMNS[5]}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody ref={bodyRef}>
            {encounters.length === 0 ? (
              <TableRow>
                <TableCell
                  colSpan={COLUMNS.length}
                  className="justify-center py-6 text-muted-foreground md:text-center"
                >
                  {DASHBOARD_MESSAGES.noEncounters}
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
        noun="encounters"
        tableName={DASHBOARD_LABELS.pendingEncounters}
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
  const payable = useMemo(() => encounterPayable(encounter), [encounter]);
  const number = payable.key;
  return (
    <TableRow>
      <TableCell className="font-semibold md:font-medium">
        <CellLabel>{COLUMNS[0]}</CellLabel>
        {number}
      </TableCell>
      <TableCell>
        <CellLabel>{COLUMNS[1]}</CellLabel>
        {encounter.patientName}
      </TableCell>
      <TableCell>
        <CellLabel>{COLUMNS[2]}</CellLabel>
        {encounterStatusLabel(encounter.status)}
      </TableCell>
      <TableCell>
        <CellLabel>{COLUMNS[3]}</CellLabel>
        {encounter.admitDate ? formatDate(encounter.admitDate) : '—'}
      </TableCell>
      <TableCell>
        <CellLabel>{COLUMNS[4]}</CellLabel>
        <span className="flex flex-wrap items-center justify-end gap-2">
          <PendingPaymentsMarker itemLabel={number} pendingPayments={encounter.pendingPayments} />
          <span className="font-semibold tabular-nums">{formatUsd(encounter.balance)}</span>
        </span>
      </TableCell>
      <TableCell className="flex-wrap">
        <CellLabel>{COLUMNS[5]}</CellLabel>
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
