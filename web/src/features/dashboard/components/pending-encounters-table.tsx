import { useId } from 'react';
import {
  encounterNumber,
  encounterStatusLabel,
  type Encounter,
} from '@webpay/contracts/encounters';
import { formatDate } from '@webpay/contracts/dates';
import { DASHBOARD_MESSAGES } from '@webpay/contracts/messages';
import { formatUsd } from '@webpay/contracts/money';
import { AmountInput } from '@/components/ui/amount-input.tsx';
import {
  CellLabel,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table.tsx';

export interface PendingEncountersTableProps {
  encounters: readonly Encounter[];
  /** Entered payment amounts keyed by encounter number, as typed. */
  amounts: Readonly<Record<string, string>>;
  onAmountChange: (encounterNo: string, value: string) => void;
}

/** SPEC §2 Pending Encounters: the guarantor's open bills at the main facility. */
export function PendingEncountersTable({
  encounters,
  amounts,
  onAmountChange,
}: PendingEncountersTableProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Pending Encounters
      </h2>
      <div className="md:rounded-xl md:border md:border-border md:bg-surface md:shadow-sm">
        <Table aria-labelledby={headingId}>
          <TableHeader>
            <TableRow>
              <TableHead>Encounter Number</TableHead>
              <TableHead>Patient Name</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Admit Date</TableHead>
              <TableHead className="text-right">Balance</TableHead>
              <TableHead className="w-44 text-right">Payment Amount</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {encounters.length === 0 ? (
              <TableRow>
                <TableCell
                  colSpan={6}
                  className="justify-center py-6 text-muted-foreground md:text-center"
                >
                  {DASHBOARD_MESSAGES.noEncounters}
                </TableCell>
              </TableRow>
            ) : (
              encounters.map((encounter) => {
                const number = encounterNumber(encounter);
                return (
                  <TableRow key={number}>
                    <TableCell className="font-semibold md:font-medium">
                      <CellLabel>Encounter Number</CellLabel>
                      {number}
                    </TableCell>
                    <TableCell>
                      <CellLabel>Patient Name</CellLabel>
                      {encounter.patientName}
                    </TableCell>
                    <TableCell>
                      <CellLabel>Status</CellLabel>
                      {encounterStatusLabel(encounter.status)}
                    </TableCell>
                    <TableCell>
                      <CellLabel>Admit Date</CellLabel>
                      {encounter.admitDate ? formatDate(encounter.admitDate) : '—'}
                    </TableCell>
                    <TableCell className="font-semibold tabular-nums md:text-right">
                      <CellLabel>Balance</CellLabel>
                      {formatUsd(encounter.balance)}
                    </TableCell>
                    <TableCell className="md:text-right">
                      <CellLabel>Payment Amount</CellLabel>
                      <AmountInput
                        className="w-40 md:ml-auto"
                        aria-label={`Payment amount for ${number}`}
                        value={amounts[number] ?? ''}
                        onValueChange={(value) => onAmountChange(number, value)}
                        disabled={encounter.balance <= 0}
                      />
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
