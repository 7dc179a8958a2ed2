import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { OFFICE_API_PATHS, guarantorSearchResultSchema } from '@webpay/contracts/office';
import { unwrap } from '@/lib/api-client.ts';
import { officeApi } from '../../../lib/office-api.ts';

export const guarantorSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['office', 'guarantor-search', query],
    queryFn: async ({ signal }) =>
      unwrap(
        await officeApi.get(
          `${OFFICE_API_PATHS.search}?${new URLSearchParams({ q: query })}`,
          guarantorSearchResultSchema,
          { signal },
        ),
      ),
    enabled: query.trim() !== '',
    // The previous results stay while the next keystroke's load, so the table does not flicker.
    placeholderData: keepPreviousData,
  });
