import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import { statementDetailSchema, type StatementDetail } from '@webpay/contracts/statements';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getStatement(
  id: string,
  signal?: AbortSignal,
): Promise<ApiResult<StatementDetail>> {
  return api.get(API_PATHS.statement(id), statementDetailSchema, { signal });
}

/** Kept under the statements key, so logging out removes the details too. */
export const statementQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.statements, id],
    queryFn: async ({ signal }) => unwrap(await getStatement(id, signal)),
  });

export function useStatement(id: string) {
  return useQuery(statementQueryOptions(id));
}
