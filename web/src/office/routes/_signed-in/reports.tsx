import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { homeQueryOptions } from '../../features/home/api/get-home.ts';
import { ReportsPage, type ReportTab } from '../../features/reports/components/reports-page.tsx';
import type { Period } from '../../features/reports/utils/period.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

interface ReportsSearch {
  from?: string;
  to?: string;
  tab?: ReportTab;
}

/** The period and tab in the address, so a report can be shared or reloaded; odd values are dropped. */
function reportsSearch(search: Record<string, unknown>): ReportsSearch {
  const day = (value: unknown) =>
    typeof value === 'string' && ISO_DATE.test(value) ? value : undefined;
  const from = day(search.from);
  const to = day(search.to);
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(search.tab === 'settlement' ? { tab: 'settlement' as const } : {}),
  };
}

export const Route = createFileRoute('/_signed-in/reports')({
  validateSearch: reportsSearch,
  component: ReportsRoute,
});

/** The facility's today comes from Home, which counts it on the service's calendar. */
function ReportsRoute() {
  const { from, to, tab } = Route.useSearch();
  const home = useQuery(homeQueryOptions());
  const navigate = useNavigate({ from: Route.fullPath });
  const onChange = useCallback(
    ({ period, tab: next }: { period: Period; tab: ReportTab }) =>
      void navigate({
        search: reportsSearch({ ...period, tab: next }),
      }),
    [navigate],
  );
  return (
    <ReportsPage
      period={{ ...(from ? { from } : {}), ...(to ? { to } : {}) }}
      today={{
        data: home.data?.today,
        error: home.error ?? undefined,
        retry: () => void home.refetch(),
      }}
      tab={tab ?? 'money'}
      onChange={onChange}
    />
  );
}
