import { useCallback } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuditPage } from '../../features/audit/components/audit-page.tsx';
import type { AuditFilters } from '../../lib/audit-query.ts';

const FILTER_NAMES = ['guarantorId', 'staffId', 'action', 'from', 'to'] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters in the address, so a filtered trail can be shared or reloaded; odd values are dropped. */
function auditSearch(search: Record<string, unknown>): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of FILTER_NAMES) {
    const value = search[name];
    if (typeof value !== 'string' || value.trim() === '' || value.length > 100) continue;
    if ((name === 'from' || name === 'to') && !ISO_DATE.test(value)) continue;
    filters[name] = value.trim();
  }
  return filters;
}

export const Route = createFileRoute('/_signed-in/audit')({
  validateSearch: auditSearch,
  component: AuditRoute,
});

function AuditRoute() {
  const filters = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onFiltersChange = useCallback(
    (next: AuditFilters) => void navigate({ search: auditSearch(next) }),
    [navigate],
  );
  return (
    <AuditPage key={JSON.stringify(filters)} filters={filters} onFiltersChange={onFiltersChange} />
  );
}
