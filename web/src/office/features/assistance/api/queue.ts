import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ASSISTANCE_REVIEW_PATHS, queueSchema } from '@webpay/contracts/assistance-application';
import { unwrap } from '@/lib/api-client.ts';
import { officeApi } from '../../../lib/office-api.ts';
import { queueQueryString, type QueueFilters } from '../utils/queue-search.ts';

/** Every queue read, whatever its filters: what an action on a case makes stale. */
export const queueQueryKeyRoot = ['office', 'assistance-queue'] as const;

export const queueQueryOptions = (filters: QueueFilters) => {
  const query = queueQueryString(filters);
  return queryOptions({
    queryKey: [...queueQueryKeyRoot, query],
    queryFn: async ({ signal }) =>
      unwrap(
        await officeApi.get(`${ASSISTANCE_REVIEW_PATHS.queue}?${query}`, queueSchema, { signal }),
      ),
    // A new filter keeps the rows on screen, dimmed, until its own answer comes.
    placeholderData: keepPreviousData,
  });
};
