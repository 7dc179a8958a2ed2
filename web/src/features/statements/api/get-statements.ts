import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import type { StatementList } from '@webpay/contracts/statements';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

// The route starts this call, and routes are part of every page; the schema loads with the call.
const loadStatementListSchema = () =>
  import('@webpay/contracts/statements').then((module) => module.statementListSchema);

export function getStatements(signal?: AbortSignal): Promise<ApiResult<StatementList>> {
  return api.get(API_PATHS.statements, loadStatementListSchema, { signal });
}

export const statementsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.statements,
    queryFn: async ({ signal }) => unwrap(await getStatements(signal)),
  });

export function useStatements() {
  return useQuery(statementsQueryOptions());
}
