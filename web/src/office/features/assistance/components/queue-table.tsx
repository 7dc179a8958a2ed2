import { Link } from '@tanstack/react-router';
import { AlertTriangle, ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { QueueItem } from '@webpay/contracts/assistance-application';
import { Badge } from '@/components/ui/badge.tsx';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { Td, Th } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { queueMessages } from '../assistance.messages.ts';
import { nextSort, type QueueSearch, type SortColumn } from '../utils/queue-search.ts';
import { ApplicationStatusBadge } from './status-badge.tsx';

const SORT_ICONS = { asc: ArrowUp, desc: ArrowDown } as const;

/** A column the queue can be sorted by: its header is a button, its state is aria-sort. */
function SortableTh({
  column,
  label,
  search,
  onSearch,
}: {
  column: SortColumn;
  label: string;
  search: QueueSearch;
  onSearch: (search: QueueSearch) => void;
}) {
  const t = useMessages(queueMessages);
  const order = search.sort === column ? search.order : undefined;
  const Icon = order ? SORT_ICONS[order] : ArrowUpDown;
  const sorted = { asc: 'ascending', desc: 'descending' } as const;
  return (
    <Th aria-sort={order ? sorted[order] : 'none'} className="md:text-right">
      <button
        type="button"
        onClick={() => onSearch(nextSort(search, column))}
        className="-my-2 inline-flex min-h-8 items-center gap-1 rounded-md px-1 font-semibold hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        {label}
        <Icon aria-hidden="true" className="size-3.5" />
        {order && (
          <span className="sr-only">
            , {order === 'asc' ? t.sortedAscending : t.sortedDescending}
          </span>
        )}
      </button>
    </Th>
  );
}

/** Days left in the application window; past it, flagged by words and colour alike. */
export function DaysLeft({ days }: { days: number }) {
  const t = useMessages(queueMessages);
  if (days < 0) {
    return (
      <Badge variant="danger" className="whitespace-normal">
        <AlertTriangle aria-hidden="true" className="size-3" />
        {t.overdue(-days)}
      </Badge>
    );
  }
  if (days === 0) return <Badge variant="warning">{t.lastDay}</Badge>;
  return <>{t.days(days)}</>;
}

/** The applications, each reference opening its case. */
export function QueueTable({
  items,
  search,
  onSearch,
}: {
  items: readonly QueueItem[];
  search: QueueSearch;
  onSearch: (search: QueueSearch) => void;
}) {
  const t = useMessages(queueMessages);
  const format = useFormat();
  const sortable = { search, onSearch };
  return (
    <Table aria-label={t.caption}>
      <TableHeader>
        <TableRow>
          <Th>{t.reference}</Th>
          <Th>{t.guarantor}</Th>
          <Th>{t.status}</Th>
          <Th>{t.facility}</Th>
          <SortableTh column="days-left" label={t.daysLeft} {...sortable} />
          <SortableTh column="age" label={t.age} {...sortable} />
          <Th className="text-right">{t.balance}</Th>
          <Th>{t.secondReview}</Th>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.reference}>
            <Td>
              <CellLabel>{t.reference}</CellLabel>
              <Link
                to="/financial-assistance/$reference"
                params={{ reference: item.reference }}
                className="font-medium tabular-nums underline underline-offset-4"
              >
                {item.reference}
              </Link>
            </Td>
            <Td>
              <CellLabel>{t.guarantor}</CellLabel>
              <span>
                {item.guarantorName}
                <span className="block text-xs text-muted-foreground tabular-nums">
                  {item.accountNumber}
                </span>
              </span>
            </Td>
            <Td>
              <CellLabel>{t.status}</CellLabel>
              <ApplicationStatusBadge status={item.status} />
            </Td>
            <Td>
              <CellLabel>{t.facility}</CellLabel>
              {item.facilityName}
            </Td>
            <Td className="tabular-nums md:text-right md:whitespace-nowrap">
              <CellLabel>{t.daysLeft}</CellLabel>
              <DaysLeft days={item.windowDaysLeft} />
            </Td>
            <Td className="whitespace-nowrap tabular-nums md:text-right">
              <CellLabel>{t.age}</CellLabel>
              {t.days(item.ageDays)}
            </Td>
            <Td className="tabular-nums md:text-right">
              <CellLabel>{t.balance}</CellLabel>
              {format.cents(item.totalBalanceCents)}
            </Td>
            <Td>
              <CellLabel>{t.secondReview}</CellLabel>
              {item.awaitingSecondReview && (
                <Badge variant="warning">{t.waitingSecondReview}</Badge>
              )}
            </Td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
