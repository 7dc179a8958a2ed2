import { describe, expect, it } from 'vitest';
import type { ErrorObject } from '@webpay/contracts/errors';
import { ApiError } from './api-client.ts';
import { isAuthError } from './query-client.ts';

const apiError = (error: Partial<ErrorObject>, failure?: 'network' | 'timeout') =>
  new ApiError(
    { title: 'Oops', status: 500, code: 'INTERNAL_ERROR', details: [], ...error },
    failure,
  );

describe('isAuthError (SPEC §8 dashboard rule)', () => {
  it.each([
    apiError({ status: 401 }),
    apiError({ status: 403 }),
    apiError({ code: 'UNAUTHORIZED' }),
    apiError({ code: 'FORBIDDEN' }),
    apiError({ title: 'Unauthorized request' }),
    apiError({ title: 'Authentication required' }),
    apiError({ title: 'Forbidden' }),
    new Error('Request failed with status 403'),
  ])('treats %o as a lost session', (error) => {
    expect(isAuthError(error)).toBe(true);
  });

  it.each([apiError({}), apiError({ status: 404, code: 'NOT_FOUND' }), new Error('boom'), null])(
    'does not treat %o as a lost session',
    (error) => {
      expect(isAuthError(error)).toBe(false);
    },
  );
});
