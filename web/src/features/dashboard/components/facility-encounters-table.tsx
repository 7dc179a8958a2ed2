import { memo, useId, useMemo } from 'react';
import { Building2 } from 'lucide-react';
import {
  encounterNumber,
  encounterStatusLabel,
  type Encounter,
} from '@webpay/contracts/encounters';
import { formatCents } from '@webpay/contracts/money';
import {
  CellLabel,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table.tsx';
import type { EnteredAmounts, Payable } from '@/lib/payments/payment-items.ts';
import { amountInputToCents } from '@/lib/amount-input.ts';
import { useMessages } from '@/lib/messages.ts';
import { dashboardMessages } from '../dashboard.messages.ts';
import { useMoreRows } from '../hooks/use-more-rows.ts';
import { ShowMoreRows } from './show-more-rows.tsx';
import { PendingPaymentsMarker } from './pending-payments-marker.tsx';
import { RefetchButton } from './refetch-button.tsx';
import { RowAmountControls } from './row-amount-controls.tsx';

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

/** SPEC §2: Account Number, Patient Name, Status, Balance, Payment Amount. */
const COLUMN_COUNT = 5;

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
      <TableCell className="font-semibold md:font-medium md:whitespace-nowrap">
        <CellLabel>{t.columns.accountNumber}</CellLabel>
        {number}
      </TableCell>
      <TableCell>
        <CellLabel>{t.columns.patientName}</CellLabel>
        <span className="min-w-0 text-right break-words md:text-left">{encounter.patientName}</span>
      </TableCell>
      <TableCell>
        <CellLabel>{t.columns.status}</CellLabel>
        {encounterStatusLabel(SELF_PAY_STATUS, t.encounterStatuses)}
      </TableCell>
      <TableCell className="md:text-right">
        <CellLabel>{t.columns.balance}</CellLabel>
        <span className="flex flex-wrap items-center justify-end gap-x-2 gap-y-1">
          <PendingPaymentsMarker itemLabel={number} pendingPayments={encounter.pendingPayments} />
          <span className="font-semibold whitespace-nowrap tabular-nums">
            {formatCents(payable.balanceCents)}
          </span>
        </span>
      </TableCell>
      {/* The field and its buttons need the full card width on a phone, so the label sits above. */}
      <TableCell className="flex-col items-stretch gap-1.5 md:text-right">
        <CellLabel>{t.columns.paymentAmount}</CellLabel>
        <RowAmountControls
          payable={payable}
          label={number}
          value={value}
          onValueChange={onAmountChange}
          error={error}
        />
      </TableCell>
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
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <Building2 aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          {t.facilityEncounters(title)}
        </h2>
        <RefetchButton facility={title} refetching={refetching} onRefetch={onRefetch} />
      </div>
      <div className="md:rounded-xl md:border md:border-border md:bg-surface md:shadow-sm">
        <Table aria-labelledby={headingId}>
          <TableHeader>
            <TableRow>
              <TableHead>{t.columns.accountNumber}</TableHead>
              <TableHead>{t.columns.patientName}</TableHead>
              <TableHead>{t.columns.status}</TableHead>
              <TableHead className="text-right">{t.columns.balance}</TableHead>
              <TableHead className="text-right">{t.columns.paymentAmount}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody ref={bodyRef}>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell
                  colSpan={COLUMN_COUNT}
                  className="flex-col justify-center gap-1 py-6 text-center text-muted-foreground"
                >
                  {t.messages.noFacilityEncounters}{' '}
                  <strong className="block font-semibold text-foreground">{title}</strong>
                </TableCell>
              </TableRow>
            ) : (
              rows
                .slice(0, shown)
                .map((row) => (
                  <FacilityEncounterRow
                    key={row.payable.key}
                    encounter={row.encounter}
                    payable={row.payable}
                    value={amounts[row.payable.key] ?? ''}
                    onAmountChange={onAmountChange}
                  />
                ))
            )}
          </TableBody>
        </Table>
      </div>
      <ShowMoreRows
        shown={shown}
        total={rows.length}
        noun={t.moreRows.encounters}
        tableName={t.facilityEncounters(title)}
        onShowMore={showMore}
      />
    </section>
  );
}
