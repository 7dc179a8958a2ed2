import { useCallback } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SearchPage } from '../../../features/guarantors/components/search-page.tsx';

export const Route = createFileRoute('/_signed-in/guarantors/')({
  validateSearch: (search: Record<string, unknown>): { q?: string } =>
    typeof search.q === 'string' && search.q.trim() !== '' ? { q: search.q.slice(0, 120) } : {},
  component: GuarantorSearch,
});

function GuarantorSearch() {
  const { q = '' } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onQueryChange = useCallback(
    (query: string) => void navigate({ search: query ? { q: query } : {}, replace: true }),
    [navigate],
  );
  return <SearchPage query={q} onQueryChange={onQueryChange} />;
}
