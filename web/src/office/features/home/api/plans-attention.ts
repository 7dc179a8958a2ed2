import { queryOptions } from '@tanstack/react-query';
import {
  OFFICE_RECURRING_PATHS,
  plansNeedingAttentionSchema,
} from '@webpay/contracts/office-recurring';
import { unwrap } from '@/lib/api-client.ts';
import { officeApi } from '../../../lib/office-api.ts';

export const plansAttentionQueryOptions = () =>
  queryOptions({
    queryKey: ['office', 'plans-attention'],
    queryFn: async ({ signal }) =>
      unwrap(
        await officeApi.get(
          OFFICE_RECURRING_PATHS.plansNeedingAttention,
          plansNeedingAttentionSchema,
          { signal },
        ),
      ),
  });
