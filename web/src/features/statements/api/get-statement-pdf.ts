import { API_PATHS } from '@webpay/contracts/api';
import { api, type ApiResult } from '@/lib/api-client.ts';

export function getStatementPdf(id: string): Promise<ApiResult<Blob>> {
  return api.getBlob({ path: API_PATHS.statementPdf(id), accept: 'application/pdf' });
}
