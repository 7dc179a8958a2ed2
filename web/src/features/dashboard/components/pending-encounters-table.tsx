import { memo, useId, useMemo } from 'react';
import {
  encounterNumber,
  encounterStatusLabel,
  type Encounter,
} from '@webpay/contracts/encounters';
import { formatUsd } from '@webpay/contracts/money';
import { TableRow } from '@/components/ui/table.tsx';
import { encounterPayable, type EnteredAmounts } from '@/lib/payments/payment-items.ts';
import { useMessages } from '@/lib/messages.ts';
import { dashboardMessages } from '../dashboard.messages.ts';
import { useMoreRows } from '../hooks/use-more-rows.ts';
import {
  DashboardTable,
  DashboardTableHeading,
  LabelledCell,
  OptionalDate,
  PaymentAmountCell,
} from './dashboard-table.tsx';
import { PendingPaymentsMarker } from './pending-payments-marker.tsx';

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
  // SPEC §2: Encounter Number, Patient Name, Status, Admit Date, Balance, Payment Amount.
  const columns = [
    { label: t.columns.encounterNumber },
    { label: t.columns.patientName },
    { label: t.columns.status },
    { label: t.columns.admitDate },
    { label: t.columns.balance, className: 'text-right' },
    { label: t.columns.paymentAmount, className: 'text-right' },
  ];
  return (
    <DashboardTable
      headingId={headingId}
      heading={
        <DashboardTableHeading id={headingId}>{t.labels.pendingEncounters}</DashboardTableHeading>
      }
      columns={columns}
      bodyRef={bodyRef}
      empty={encounters.length === 0 ? { message: t.messages.noEncounters } : null}
      moreRows={{
        shown,
        total: encounters.length,
        noun: t.moreRows.encounters,
        tableName: t.labels.pendingEncounters,
        onShowMore: showMore,
      }}
    >
      {encounters.slice(0, shown).map((encounter, index) => {
        const number = keys[index] ?? encounterNumber(encounter);
        return (
          <PendingEncounterRow
            key={number}
            encounter={encounter}
            value={amounts[number] ?? ''}
            onAmountChange={onAmountChange}
          />
        );
      })}
    </DashboardTable>
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
  const payable = useMemo(() => encounterPayable(encounter), [encounter]);
  const number = payable.key;
  return (
    <TableRow>
      <LabelledCell label={t.columns.encounterNumber} className="font-semibold md:font-medium">
        {number}
      </LabelledCell>
      <LabelledCell label={t.columns.patientName}>{encounter.patientName}</LabelledCell>
      <LabelledCell label={t.columns.status}>
        {encounterStatusLabel(encounter.status, t.encounterStatuses)}
      </LabelledCell>
      <LabelledCell label={t.columns.admitDate}>
        <OptionalDate date={encounter.admitDate} />
      </LabelledCell>
      <LabelledCell label={t.columns.balance}>
        <span className="flex flex-wrap items-center justify-end gap-2">
          <PendingPaymentsMarker itemLabel={number} pendingPayments={encounter.pendingPayments} />
          <span className="font-semibold tabular-nums">{formatUsd(encounter.balance)}</span>
        </span>
      </LabelledCell>
      <PaymentAmountCell
        payable={payable}
        label={number}
        value={value}
        onAmountChange={onAmountChange}
      />
    </TableRow>
  );
});
