import { infiniteQueryOptions } from '@tanstack/react-query';
import { OFFICE_API_PATHS, auditPageSchema, type AuditQuery } from '@webpay/contracts/office';
import { unwrap } from '@/lib/api-client.ts';
import { officeApi } from './office-api.ts';

/** The audit screen's filters, as the API takes them; empty ones are left out. */
export type AuditFilters = Partial<
  Pick<AuditQuery, 'guarantorId' | 'staffId' | 'action' | 'from' | 'to'>
>;

export const AUDIT_PAGE_SIZE = 100;

/** The filters as query parameters, without the empty ones. */
export function auditSearchParams(filters: AuditFilters, before?: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value.trim() !== '') params.set(name, value.trim());
  }
  params.set('limit', String(AUDIT_PAGE_SIZE));
  if (before !== undefined) params.set('before', String(before));
  return params;
}

/** The audit trail newest first, a page at a time ("Load more"). */
export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['office', 'audit', filters],
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        await officeApi.get(
          `${OFFICE_API_PATHS.audit}?${auditSearchParams(filters, pageParam)}`,
          auditPageSchema,
          { signal },
        ),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });
