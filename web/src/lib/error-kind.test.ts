import { describe, expect, it } from 'vitest';
import { ERROR_CODES, fallbackError, type ErrorObject } from '@webpay/contracts/errors';
import { ApiError, type FailureKind } from './api-client.ts';
import { classifyError, isPageCodeMissing } from './error-kind.ts';

const apiError = (error: Partial<ErrorObject>, failure?: FailureKind) =>
  new ApiError(
    { title: 'Oops', status: 500, code: ERROR_CODES.internal, details: [], ...error },
    failure,
  );

describe('classifyError (SPEC §8 error screen, chosen by message content)', () => {
  describe('Network or fetch: Connection Error', () => {
    it.each([
      ['an unreachable service', new ApiError(fallbackError(undefined), 'network')],
      ["the browser's failed fetch", new TypeError('Failed to fetch')],
      ['a page that could not be downloaded', new TypeError('NetworkError when loading module')],
      [
        'a page chunk that could not be fetched',
        new TypeError('Failed to fetch dynamically imported module: /webpay/assets/contact.js'),
      ],
      ['a plain string', 'network down'],
      ['a plain object with a message', { message: 'Fetch failed' }],
      ['an answer that says so', apiError({ details: ['Upstream network unreachable'] })],
    ])('%s', (_case, error) => {
      expect(classifyError(error)).toBe('connection');
    });
  });

  describe('Unauthorized or 401: Authentication Error', () => {
    it.each([
      ['a 401 without a body (fallback)', new ApiError(fallbackError(401))],
      ['a 401 by status alone', apiError({ status: 401, title: 'Session ended' })],
      ['the service code', apiError({ status: 401, code: ERROR_CODES.unauthorized })],
      ['an Unauthorized detail', apiError({ details: ['The billing system said Unauthorized'] })],
      ['a thrown Error', new Error('Unauthorized')],
      ['a message naming 401', new Error('Request failed with status 401')],
      ['British spelling', new Error('Unauthorised request')],
    ])('%s', (_case, error) => {
      expect(classifyError(error)).toBe('authentication');
    });
  });

  describe('Timeout: Request Timeout', () => {
    it.each([
      ["the portal's own 30 s deadline", new ApiError(fallbackError(undefined), 'timeout')],
      [
        'a 408 by status alone',
        apiError({ status: 408, title: 'Payment processor did not answer' }),
      ],
      ['a timeout code', apiError({ status: 500, code: ERROR_CODES.upstreamTimeout })],
      ['a thrown Error', new Error('Request Timeout')],
      ['timed out', new Error('The operation timed out')],
    ])('%s', (_case, error) => {
      expect(classifyError(error)).toBe('timeout');
    });
  });

  describe('otherwise: Something went wrong', () => {
    it.each([
      ['a 500', apiError({})],
      ['the fallback for any other status', new ApiError(fallbackError(503))],
      [
        'a 403 (not the session: the screen only knows Unauthorized and 401)',
        apiError({ status: 403, title: 'Forbidden' }),
      ],
      ['a render fault', new TypeError("Cannot read properties of undefined (reading 'map')")],
      ['a cancelled call', new ApiError(fallbackError(undefined), 'aborted')],
      ['nothing useful', undefined],
      ['a number', 42],
    ])('%s', (_case, error) => {
      expect(classifyError(error)).toBe('generic');
    });
  });

  describe('in SPEC order when an error says several things', () => {
    it('network before unauthorized', () => {
      expect(classifyError(new Error('Network error after 401 Unauthorized'))).toBe('connection');
    });

    it('unauthorized before timeout', () => {
      expect(classifyError(apiError({ status: 408, details: ['Unauthorized'] }))).toBe(
        'authentication',
      );
      expect(classifyError(new Error('401 after a timeout'))).toBe('authentication');
    });
  });
});

describe("isPageCodeMissing: a page's code that could not be downloaded", () => {
  it.each([
    'Failed to fetch dynamically imported module: https://pay.example/webpay/assets/contact.lazy-1a2b.js',
    'error loading dynamically imported module: https://pay.example/webpay/assets/contact.lazy-1a2b.js',
    'Importing a module script failed.',
  ])('%s', (message) => {
    expect(isPageCodeMissing(new TypeError(message))).toBe(true);
  });

  it.each([
    new TypeError('Failed to fetch'),
    new ApiError(fallbackError(undefined), 'network'),
    'Importing a module script failed.',
  ])('not %s', (error) => {
    expect(isPageCodeMissing(error)).toBe(false);
  });
});
