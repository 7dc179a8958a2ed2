import { describe, expect, it } from 'vitest';
import { fallbackError, type ErrorObject } from '@webpay/contracts/errors';
import { ApiError } from './api-client.ts';
import { classifyError } from './error-kind.ts';
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

describe('classifyError (SPEC §8 error screen)', () => {
  it('words network trouble as a connection error', () => {
    expect(classifyError(new ApiError(fallbackError(undefined), 'network'))).toBe('connection');
    expect(classifyError(new TypeError('Failed to fetch'))).toBe('connection');
  });

  it('words a 401 as an authentication error', () => {
    expect(classifyError(new ApiError(fallbackError(401)))).toBe('authentication');
  });

  it('words a timeout as such', () => {
    expect(classifyError(new ApiError(fallbackError(undefined), 'timeout'))).toBe('timeout');
    expect(classifyError(new Error('Request timeout'))).toBe('timeout');
  });

  it('uses the generic wording otherwise', () => {
    expect(classifyError(apiError({}))).toBe('generic');
  });
});
