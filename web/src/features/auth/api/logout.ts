import { API_PATHS } from '@webpay/contracts/api';
import { api, type ApiResult } from '@/lib/api-client.ts';

// The answer's body is not used; its schema (and zod) loads beside the request.
const loadAnswerSchema = () =>
  import('./logout-answer.ts').then((module) => module.logoutAnswerSchema);

/** Revokes the session on the server; the portal forgets it whatever the answer. */
export function postLogout(token: string): Promise<ApiResult<unknown>> {
  return api.post(API_PATHS.logout, undefined, loadAnswerSchema, { token });
}
