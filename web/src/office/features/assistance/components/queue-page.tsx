import { useQuery } from '@tanstack/react-query';
import { useMessages } from '@/lib/messages.ts';
import { Loading, PageHeading, QueryError } from '../../../components/page-parts.tsx';
import { queueQueryOptions } from '../api/queue.ts';
import { queueMessages } from '../assistance.messages.ts';
import { queueFilters, sortQueue, type QueueSearch } from '../utils/queue-search.ts';
import { QueueFilters } from './queue-filters.tsx';
import { QueueTable } from './queue-table.tsx';

export interface QueuePageProps {
  /** The filters and sort in the address, so a view can be linked and Back returns to it. */
  search: QueueSearch;
  onSearch: (search: QueueSearch) => void;
}

/** The "Financial assistance" queue: applications by status and facility, each opening its case. */
export function QueuePage({ search, onSearch }: QueuePageProps) {
  const t = useMessages(queueMessages);
  const query = useQuery(queueQueryOptions(queueFilters(search)));
  return (
    <>
      <PageHeading subtitle={t.hint}>{t.title}</PageHeading>
      <QueueFilters search={search} onSearch={onSearch} />
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending && <Loading />}
      {query.data && (
        <Outcome
          search={search}
          onSearch={onSearch}
          stale={query.isPlaceholderData}
          items={query.data.items}
        />
      )}
    </>
  );
}

function Outcome({
  items,
  stale,
  ...props
}: QueuePageProps & { items: Parameters<typeof sortQueue>[0]; stale: boolean }) {
  const t = useMessages(queueMessages);
  const filtered = props.search.status !== undefined || props.search.facility !== undefined;
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="text-sm text-muted-foreground">
        {items.length > 0 ? t.count(items.length) : filtered ? t.none : t.noneOpen}
      </p>
      {items.length > 0 && (
        <div aria-busy={stale} className={stale ? 'opacity-60 transition-opacity' : undefined}>
          <QueueTable items={sortQueue(items, props.search)} {...props} />
        </div>
      )}
    </div>
  );
}
