import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useMessages } from '@/lib/messages.ts';
import { auditQueryOptions, type AuditFilters } from '../lib/audit-query.ts';
import { AuditTable } from './audit-table.tsx';
import { auditTableMessages } from './office.messages.ts';
import { Loading, QueryError } from './page-parts.tsx';

/** The audit rows that match, a page at a time. */
export function AuditTrail({
  filters,
  showGuarantor = true,
}: {
  filters: AuditFilters;
  showGuarantor?: boolean;
}) {
  const t = useMessages(auditTableMessages);
  const audit = useInfiniteQuery(auditQueryOptions(filters));
  if (audit.isPending) return <Loading />;
  if (audit.isError) return <QueryError error={audit.error} onRetry={() => void audit.refetch()} />;
  const entries = audit.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{t.empty}</p>;
  return (
    <div className="flex flex-col items-start gap-3">
      <AuditTable entries={entries} showGuarantor={showGuarantor} />
      {audit.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void audit.fetchNextPage()}
          disabled={audit.isFetchingNextPage}
          aria-busy={audit.isFetchingNextPage}
        >
          {audit.isFetchingNextPage && <Spinner />}
          {t.loadMore}
        </Button>
      )}
    </div>
  );
}
