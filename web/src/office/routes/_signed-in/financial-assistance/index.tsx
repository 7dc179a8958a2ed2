import { useCallback } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { QueuePage } from '../../../features/assistance/components/queue-page.tsx';
import { queueSearch, type QueueSearch } from '../../../features/assistance/utils/queue-search.ts';

export const Route = createFileRoute('/_signed-in/financial-assistance/')({
  validateSearch: queueSearch,
  component: QueueRoute,
});

function QueueRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  // Each filter or sort is its own history entry, so Back returns to the previous view.
  const onSearch = useCallback(
    (next: QueueSearch) => void navigate({ search: queueSearch({ ...next }) }),
    [navigate],
  );
  return <QueuePage search={search} onSearch={onSearch} />;
}
