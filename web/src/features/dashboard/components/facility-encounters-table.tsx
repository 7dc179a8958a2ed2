import { memo, useId, useMemo } from 'react';
import { Building2 } from 'lucide-react';
import {
  encounterNumber,
  encounterStatusLabel,
  type Encounter,
} from '@webpay/contracts/encounters';
import { formatCents } from '@webpay/contracts/money';
import { TableRow } from '@/components/ui/table.tsx';
import type { EnteredAmounts, Payable } from '@/lib/payments/payment-items.ts';
import { amountInputToCents } from '@/lib/amount-input.ts';
import { useMessages } from '@/lib/messages.ts';
import { dashboardMessages } from '../dashboard.messages.ts';
import { useMoreRows } from '../hooks/use-more-rows.ts';
import { DashboardTable, LabelledCell, PaymentAmountCell } from './dashboard-table.tsx';
import { PendingPaymentsMarker } from './pending-payments-marker.tsx';
import { RefetchButton } from './refetch-button.tsx';

/** One encounter with the payable its amount field feeds. */
export interface FacilityEncounterRowData {
  encounter: Encounter;
  payable: Payable;
}

export interface FacilityEncountersTableProps {
  /** The facility's title, e.g. 'Home Care'; it names the table and its empty message. */
  title: string;
  rows: readonly FacilityEncounterRowData[];
  amounts: EnteredAmounts;
  onAmountChange: (key: string, value: string) => void;
  /** True while the bills are being loaded again. */
  refetching: boolean;
  /** Loads the bills again (SPEC §2 'refetch'); what was typed stays. */
  onRefetch: () => void;
}

// SPEC §2: encounters at another facility are always self pay, whatever the feed says.
const SELF_PAY_STATUS = 'self_pay';

interface FacilityEncounterRowProps extends FacilityEncounterRowData {
  value: string;
  onAmountChange: (key: string, value: string) => void;
}

/** Memoised so typing into one row of a long list re-renders that row only. */
const FacilityEncounterRow = memo(function FacilityEncounterRow({
  encounter,
  payable,
  value,
  onAmountChange,
}: FacilityEncounterRowProps) {
  const t = useMessages(dashboardMessages);
  const number = encounterNumber(encounter);
  // SPEC §5: only this tab flags an amount above the balance; compared in cents, never floats.
  const error =
    amountInputToCents(value) > payable.balanceCents ? t.messages.amountExceedsBalance : undefined;
  return (
    <TableRow>
      <LabelledCell
        label={t.columns.accountNumber}
        className="font-semibold md:font-medium md:whitespace-nowrap"
      >
        {number}
      </LabelledCell>
      <LabelledCell label={t.columns.patientName}>
        <span className="min-w-0 text-right break-words md:text-left">{encounter.patientName}</span>
      </LabelledCell>
      <LabelledCell label={t.columns.status}>
        {encounterStatusLabel(SELF_PAY_STATUS, t.encounterStatuses)}
      </LabelledCell>
      <LabelledCell label={t.columns.balance} className="md:text-right">
        <span className="flex flex-wrap items-center justify-end gap-x-2 gap-y-1">
          <PendingPaymentsMarker itemLabel={number} pendingPayments={encounter.pendingPayments} />
          <span className="font-semibold whitespace-nowrap tabular-nums">
            {formatCents(payable.balanceCents)}
          </span>
        </span>
      </LabelledCell>
      <PaymentAmountCell
        className="md:text-right"
        payable={payable}
        label={number}
        value={value}
        onAmountChange={onAmountChange}
        error={error}
      />
    </TableRow>
  );
});

/**
 * SPEC §2 Other-facility tab and Account/encounter panel per facility: title,
 * icon, encounters, refetch, and an amount field for each encounter.
 */
export function FacilityEncountersTable({
  title,
  rows,
  amounts,
  onAmountChange,
  refetching,
  onRefetch,
}: FacilityEncountersTableProps) {
  const t = useMessages(dashboardMessages);
  const headingId = useId();
  const keys = useMemo(() => rows.map((row) => row.payable.key), [rows]);
  const { shown, showMore, bodyRef } = useMoreRows(keys, amounts);
  // SPEC §2: Account Number, Patient Name, Status, Balance, Payment Amount.
  const columns = [
    { label: t.columns.accountNumber },
    { label: t.columns.patientName },
    { label: t.columns.status },
    { label: t.columns.balance, className: 'text-right' },
    { label: t.columns.paymentAmount, className: 'text-right' },
  ];
  const empty = (
    <>
      {t.messages.noFacilityEncounters}{' '}
      <strong className="block font-semibold text-foreground">{title}</strong>
    </>
  );
  return (
    <DashboardTable
      headingId={headingId}
      heading={
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
            <Building2 aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            {t.facilityEncounters(title)}
          </h2>
          <RefetchButton facility={title} refetching={refetching} onRefetch={onRefetch} />
        </div>
      }
      columns={columns}
      bodyRef={bodyRef}
      empty={
        rows.length === 0
          ? {
              message: empty,
              className: 'flex-col justify-center gap-1 py-6 text-center text-muted-foreground',
            }
          : null
      }
      moreRows={{
        shown,
        total: rows.length,
        noun: t.moreRows.encounters,
        tableName: t.facilityEncounters(title),
        onShowMore: showMore,
      }}
    >
      {rows.slice(0, shown).map((row) => (
        <FacilityEncounterRow
          key={row.payable.key}
          encounter={row.encounter}
          payable={row.payable}
          value={amounts[row.payable.key] ?? ''}
          onAmountChange={onAmountChange}
        />
      ))}
    </DashboardTable>
  );
}
