import { useId, type ComponentProps } from 'react';
import { FACILITY_TITLES } from '@webpay/contracts/facilities';
import { APPLICATION_STATUSES } from '@webpay/contracts/assistance-application';
import { Label } from '@/components/ui/label.tsx';
import { useMessages } from '@/lib/messages.ts';
import { queueMessages } from '../assistance.messages.ts';
import { queueSearch, type QueueSearch } from '../utils/queue-search.ts';
import { useStatusName } from './use-status-name.ts';

const selectClassName =
  'min-h-10 rounded-md border border-input bg-surface px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring sm:text-sm';

function Choice({
  id,
  label,
  ...select
}: ComponentProps<'select'> & { id: string; label: string }) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={selectClassName} {...select} />
    </div>
  );
}

/**
 * Status (open ones unless chosen) and facility. Each choice applies at
 * once: it only narrows the table below, focus stays where it is.
 */
export function QueueFilters({
  search,
  onSearch,
}: {
  search: QueueSearch;
  onSearch: (search: QueueSearch) => void;
}) {
  const t = useMessages(queueMessages);
  const statusName = useStatusName();
  const ids = useId();
  return (
    <form
      role="search"
      aria-label={t.filters}
      onSubmit={(event) => event.preventDefault()}
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      <Choice
        id={`${ids}-status`}
        label={t.status}
        value={search.status ?? 'open'}
        onChange={(event) => onSearch(queueSearch({ ...search, status: event.target.value }))}
      >
        <option value="open">{t.open}</option>
        {APPLICATION_STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusName(status)}
          </option>
        ))}
      </Choice>
      <Choice
        id={`${ids}-facility`}
        label={t.facility}
        value={search.facility ?? ''}
        onChange={(event) => onSearch(queueSearch({ ...search, facility: event.target.value }))}
      >
        <option value="">{t.allFacilities}</option>
        {Object.entries(FACILITY_TITLES).map(([id, title]) => (
          <option key={id} value={id}>
            {title}
          </option>
        ))}
      </Choice>
    </form>
  );
}
