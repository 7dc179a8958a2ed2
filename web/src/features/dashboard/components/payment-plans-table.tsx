import { memo, useId, useMemo, useState, type ComponentProps, type MouseEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import {
  completedPayments,
  encounterNumber,
  planNumber,
  type PaymentPlan,
} from '@webpay/contracts/encounters';
import { formatUsd, toCents } from '@webpay/contracts/money';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table.tsx';
import { planPayable, type EnteredAmounts } from '@/lib/payments/payment-items.ts';
import { useMessages } from '@/lib/messages.ts';
import { cn } from '@/lib/utils.ts';
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

/**
 * SPEC §2: the expander (no visible header), Plan #, Type, Status, Due Date,
 * Amount Due, Payment Amount.
 */
const COLUMN_COUNT = 7;

type BadgeVariant = NonNullable<ComponentProps<typeof Badge>['variant']>;

/** SPEC §4 Plan display: colours always sit beside the plan's own word. */
const TYPE_BADGES: Record<PaymentPlan['type'], BadgeVariant> = {
  'Mail-in': 'info',
  Auto: 'success',
  Unknown: 'neutral',
};

const STATUS_BADGES: Record<PaymentPlan['status'], BadgeVariant> = {
  Active: 'success',
  Broken: 'danger',
  Unknown: 'neutral',
};

export interface PaymentPlansTableProps {
  plans: readonly PaymentPlan[];
  /** Where a plan without encounters is paid (SPEC §3 plan item). */
  centralFacilityId: string;
  /** Entered payment amounts keyed by Payable.key, as typed. */
  amounts: EnteredAmounts;
  /** Must be stable: the rows are memoised on it. */
  onAmountChange: (key: string, value: string) => void;
}

/** SPEC §2 Encounters in Payment Plan: each plan, what is due on it, and what it covers. */
export function PaymentPlansTable({
  plans,
  centralFacilityId,
  amounts,
  onAmountChange,
}: PaymentPlansTableProps) {
  const t = useMessages(dashboardMessages);
  const headingId = useId();
  const keys = useMemo(
    () => plans.map((plan) => planPayable(plan, centralFacilityId).key),
    [plans, centralFacilityId],
  );
  const { shown, showMore, bodyRef } = useMoreRows(keys, amounts, PLAN_ROW);
  const columns = [
    { label: <span className="sr-only">{t.columns.details}</span>, className: 'w-12 px-1' },
    { label: t.columns.planNumber },
    { label: t.columns.type },
    { label: t.columns.status },
    { label: t.columns.dueDate },
    { label: t.columns.amountDue, className: 'text-right' },
    { label: t.columns.paymentAmount, className: 'text-right' },
  ];
  return (
    <DashboardTable
      headingId={headingId}
      heading={
        <DashboardTableHeading id={headingId}>
          {t.labels.encountersInPaymentPlan}
        </DashboardTableHeading>
      }
      columns={columns}
      bodyRef={bodyRef}
      empty={plans.length === 0 ? { message: t.messages.noPlanEncounters } : null}
      moreRows={{
        shown,
        total: plans.length,
        noun: t.moreRows.plans,
        tableName: t.labels.encountersInPaymentPlan,
        onShowMore: showMore,
      }}
    >
      {plans.slice(0, shown).map((plan, index) => {
        const payableKey = keys[index] ?? planPayable(plan, centralFacilityId).key;
        return (
          <PlanRows
            key={payableKey}
            plan={plan}
            centralFacilityId={centralFacilityId}
            value={amounts[payableKey] ?? ''}
            onAmountChange={onAmountChange}
          />
        );
      })}
    </DashboardTable>
  );
}

interface PlanRowsProps {
  plan: PaymentPlan;
  centralFacilityId: string;
  value: string;
  onAmountChange: (key: string, value: string) => void;
}

/** A plan's own row, not its details row: where focus lands when more plans are shown. */
const PLAN_ROW = ':scope > tr[data-plan-row]';

/** The fields and buttons a double-click inside should leave to themselves. */
const INTERACTIVE = 'input, button, a, select, textarea, label';

/**
 * Whether a plan's details are open. The details are built on first opening
 * and kept: most plans are never opened, and a long account would otherwise
 * build every plan's encounter table up front.
 */
function usePlanDetailsToggle() {
  const [expanded, setExpanded] = useState(false);
  const [detailsBuilt, setDetailsBuilt] = useState(false);
  const toggle = () => {
    setDetailsBuilt(true);
    setExpanded((open) => !open);
  };

  const toggleOnDoubleClick = (event: MouseEvent<HTMLTableRowElement>) => {
    const target = event.target;
    // React bubbles events out of portals (the pending-payments popover), which are not in the row.
    if (!(target instanceof Element) || !event.currentTarget.contains(target)) return;
    if (target.closest(INTERACTIVE)) return;
    // The double-click selected a word; that selection is not what the guarantor meant.
    window.getSelection()?.removeAllRanges();
    toggle();
  };
  return { expanded, detailsBuilt, toggle, toggleOnDoubleClick };
}

/*
 * A plan's row and its details row. The open/closed state lives here so that
 * opening one plan, like typing in one, re-renders only that plan.
 */
const PlanRows = memo(function PlanRows({
  plan,
  centralFacilityId,
  value,
  onAmountChange,
}: PlanRowsProps) {
  const t = useMessages(dashboardMessages);
  const { expanded, detailsBuilt, toggle, toggleOnDoubleClick } = usePlanDetailsToggle();
  const detailsId = useId();
  const payable = useMemo(() => planPayable(plan, centralFacilityId), [plan, centralFacilityId]);
  const number = planNumber(plan);
  const overdueCents = toCents(plan.overdueAmount);

  return (
    <>
      <TableRow
        data-plan-row=""
        onDoubleClick={toggleOnDoubleClick}
        className={cn(
          // The details row is always in the DOM; the last visible plan must not double the frame's edge.
          'md:[&:has(+tr[hidden]:last-child)]:border-b-0',
          expanded && 'max-md:rounded-b-none max-md:border-b-0 md:border-b-0 md:bg-muted/40',
        )}
      >
        <PlanDetailsToggleCell
          number={number}
          expanded={expanded}
          detailsId={detailsId}
          onToggle={toggle}
        />
        <LabelledCell label={t.columns.planNumber} className="font-semibold md:font-medium">
          {number}
        </LabelledCell>
        <LabelledCell label={t.columns.type}>
          <Badge variant={TYPE_BADGES[plan.type]}>{t.planTypes[plan.type]}</Badge>
        </LabelledCell>
        <LabelledCell label={t.columns.status}>
          <span className="flex flex-wrap items-center justify-end gap-1.5 md:justify-start">
            <Badge variant={STATUS_BADGES[plan.status]}>{t.planStatuses[plan.status]}</Badge>
            {overdueCents > 0 && <Badge variant="danger">{t.labels.overdue}</Badge>}
          </span>
        </LabelledCell>
        <LabelledCell label={t.columns.dueDate}>
          <OptionalDate date={plan.nextDueDate} />
        </LabelledCell>
        <LabelledCell label={t.columns.amountDue} className="md:text-right">
          <span className="flex flex-col items-end tabular-nums">
            <span className="font-semibold">{formatUsd(plan.dueAmount)}</span>
            {overdueCents > 0 && (
              <span className="text-sm text-danger-text">
                {t.planDetails.overdueExtra(formatUsd(plan.overdueAmount))}
              </span>
            )}
          </span>
        </LabelledCell>
        <PaymentAmountCell
          above={
            <PendingPaymentsMarker itemLabel={number} pendingPayments={plan.pendingPayments} />
          }
          payable={payable}
          label={number}
          value={value}
          onAmountChange={onAmountChange}
        />
      </TableRow>
      <TableRow
        id={detailsId}
        hidden={!expanded}
        className="max-md:-mt-3 max-md:rounded-t-none max-md:border-t-0 md:bg-muted/40"
      >
        <TableCell colSpan={COLUMN_COUNT} className="block pt-0 md:table-cell md:px-6 md:py-4">
          {detailsBuilt && <PlanDetails plan={plan} number={number} />}
        </TableCell>
      </TableRow>
    </>
  );
});

/** The button that opens and closes a plan's details: a chevron, and words on a phone. */
function PlanDetailsToggleCell({
  number,
  expanded,
  detailsId,
  onToggle,
}: {
  number: string;
  expanded: boolean;
  detailsId: string;
  onToggle: () => void;
}) {
  const t = useMessages(dashboardMessages);
  return (
    <TableCell className="order-last pt-3 md:order-none md:px-1 md:pt-3">
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-expanded={expanded}
        aria-controls={detailsId}
        aria-label={expanded ? t.planDetails.hideFor(number) : t.planDetails.showFor(number)}
        onClick={onToggle}
        className="min-h-11 w-full border border-border md:size-9 md:min-h-9 md:w-auto md:border-0 md:p-0"
      >
        <ChevronDown
          aria-hidden="true"
          className={cn(
            'transition-transform motion-reduce:transition-none',
            expanded && 'rotate-180',
          )}
        />
        <span className="md:hidden">{expanded ? t.planDetails.hide : t.planDetails.show}</span>
      </Button>
    </TableCell>
  );
}

function PlanDetails({ plan, number }: { plan: PaymentPlan; number: string }) {
  const t = useMessages(dashboardMessages);
  const headingId = useId();
  const words = t.planDetails;
  const facts = [
    { term: words.monthlyPayment, value: formatUsd(plan.regularPaymentAmount) },
    { term: words.payOffAmount, value: formatUsd(plan.currentBalance) },
    { term: words.interestRate, value: t.labels.interestRate },
    {
      term: words.payments,
      value: words.completed(completedPayments(plan), plan.numberOfPayments),
    },
  ];
  return (
    <div className="flex flex-col gap-4 border-t border-border pt-4 md:border-t-0 md:pt-0">
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
        {facts.map((fact) => (
          <div
            key={fact.term}
            className="flex items-baseline justify-between gap-4 sm:flex-col sm:justify-start sm:gap-0.5"
          >
            <dt className="text-sm text-muted-foreground">{fact.term}</dt>
            <dd className="font-semibold tabular-nums">{fact.value}</dd>
          </div>
        ))}
      </dl>

      <div className="flex flex-col gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          {words.encountersIn(number)}
        </h3>
        {plan.encounters.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.messages.noPlanEncounters}</p>
        ) : (
          <Table aria-labelledby={headingId}>
            <TableHeader>
              <TableRow>
                <TableHead className="py-2">{t.columns.encounterNumber}</TableHead>
                <TableHead className="py-2">{t.columns.patientName}</TableHead>
                <TableHead className="py-2">{t.columns.admitDate}</TableHead>
                <TableHead className="py-2 text-right">{t.columns.balance}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className="gap-2">
              {plan.encounters.map((encounter) => (
                <TableRow
                  key={encounterNumber(encounter)}
                  className="bg-muted/40 p-3 md:bg-transparent"
                >
                  <LabelledCell label={t.columns.encounterNumber} className="font-medium md:py-2">
                    {encounterNumber(encounter)}
                  </LabelledCell>
                  <LabelledCell label={t.columns.patientName} className="md:py-2">
                    {encounter.patientName}
                  </LabelledCell>
                  <LabelledCell label={t.columns.admitDate} className="md:py-2">
                    <OptionalDate date={encounter.admitDate} />
                  </LabelledCell>
                  <LabelledCell
                    label={t.columns.balance}
                    className="tabular-nums md:py-2 md:text-right"
                  >
                    {formatUsd(encounter.balance)}
                  </LabelledCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </div>
    </div>
  );
}
