import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import { statementListSchema, type StatementList } from '@webpay/contracts/statements';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getStatements(signal?: AbortSignal): Promise<ApiResult<StatementList>> {
  return api.get(API_PATHS.statements, statementListSchema, { signal });
}

export const statementsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.statements,
    queryFn: async ({ signal }) => unwrap(await getStatements(signal)),
  });

export function useStatements() {
  return useQuery(statementsQueryOptions());
}
