import { queryOptions } from '@tanstack/react-query';
import { OFFICE_API_PATHS, officeHomeSchema } from '@webpay/contracts/office';
import { unwrap } from '@/lib/api-client.ts';
import { officeApi } from '../../../lib/office-api.ts';

export const homeQueryOptions = () =>
  queryOptions({
    queryKey: ['office', 'home'],
    queryFn: async ({ signal }) =>
      unwrap(await officeApi.get(OFFICE_API_PATHS.home, officeHomeSchema, { signal })),
  });
