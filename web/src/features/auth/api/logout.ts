import { API_PATHS } from '@webpay/contracts/api';
import { api, type ApiResult } from '@/lib/api-client.ts';
import { loadUnusedAnswerSchema } from '@/lib/load-unused-answer.ts';

/** Revokes the session on the server; the portal forgets it whatever the answer. */
export function postLogout(token: string): Promise<ApiResult<unknown>> {
  return api.post(API_PATHS.logout, undefined, loadUnusedAnswerSchema, { token });
}
