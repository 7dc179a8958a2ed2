import { API_PATHS } from '@webpay/contracts/api';
import type { Language } from '@webpay/contracts/language';
import { api, type ApiResult } from './api-client.ts';
import { loadUnusedAnswerSchema } from './load-unused-answer.ts';

/**
 * Stores a signed-in guarantor's language with their account, so the
 * statement notices the billing office sends are written in it too.
 */
export function saveLanguage(language: Language): Promise<ApiResult<unknown>> {
  return api.request({
    method: 'PUT',
    path: API_PATHS.meLanguage,
    body: { language },
    schema: loadUnusedAnswerSchema,
  });
}
