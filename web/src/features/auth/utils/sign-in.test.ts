import { describe, expect, it } from 'vitest';
import { fallbackError, type ErrorObject } from '@webpay/contracts/errors';
import { ApiError } from '@/lib/api-client.ts';
import {
  afterSignInPath,
  emailFlowErrorMessage,
  isInvalidCodeError,
  pinSignInErrorMessage,
  resolveNext,
} from './sign-in.ts';

const apiError = (error: Partial<ErrorObject>) =>
  new ApiError({ title: 'x', status: 400, code: 'X', details: [], ...error });

describe('resolveNext', () => {
  it('keeps a safe path', () => {
    expect(resolveNext('/payments?page=2')).toEqual({ next: '/payments?page=2', rejected: false });
  });

  it('is quiet when there is no next', () => {
    expect(resolveNext(undefined)).toEqual({ rejected: false });
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    'dashboard',
    '/a?b=http://c',
    42,
    {},
  ])('rejects %j', (next) => {
    expect(resolveNext(next)).toEqual({ rejected: true });
  });
});

describe('pinSignInErrorMessage', () => {
  it('uses the server detail for invalid credentials, or a neutral default', () => {
    expect(
      pinSignInErrorMessage(
        apiError({ status: 401, code: 'INVALID_CREDENTIALS', details: ['Nope.'] }),
      ),
    ).toBe('Nope.');
    expect(pinSignInErrorMessage(apiError({ status: 401, code: 'INVALID_CREDENTIALS' }))).toBe(
      'The account number or PIN is incorrect.',
    );
  });

  it.each([423, 429])('passes on the first detail for %i', (status) => {
    expect(pinSignInErrorMessage(apiError({ status, details: ['Wait 15 minutes.', 'more'] }))).toBe(
      'Wait 15 minutes.',
    );
  });

  it('falls back to the SPEC message for anything else', () => {
    const unexpected = 'Unexpected error during sign-in, please try again later.';
    expect(pinSignInErrorMessage(new ApiError(fallbackError(401)))).toBe(unexpected);
    expect(pinSignInErrorMessage(new ApiError(fallbackError(500), 'network'))).toBe(unexpected);
    expect(pinSignInErrorMessage(new Error('boom'))).toBe(unexpected);
  });
});

describe('lockout and throttling without words of their own', () => {
  it('says sign-in is paused for a bare 423, never the fallback text', () => {
    const locked =
      'Sign-in is paused after too many unsuccessful attempts. Please try again later.';
    expect(pinSignInErrorMessage(apiError({ status: 423 }))).toBe(locked);
    expect(pinSignInErrorMessage(new ApiError(fallbackError(423)))).toBe(locked);
  });

  it('tells how long to wait from Retry-After when a 429 has no detail', () => {
    expect(pinSignInErrorMessage(new ApiError(fallbackError(429), 'response', 42))).toBe(
      'Too many attempts. Please wait 42 seconds and try again.',
    );
    expect(pinSignInErrorMessage(new ApiError(fallbackError(429), 'response', 1))).toBe(
      'Too many attempts. Please wait 1 second and try again.',
    );
    expect(pinSignInErrorMessage(apiError({ status: 429 }))).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
  });

  it('prefers the server words over Retry-After', () => {
    expect(
      pinSignInErrorMessage(
        new ApiError(
          { title: 'x', status: 429, code: 'TOO_MANY_REQUESTS', details: ['Wait 9 seconds.'] },
          'response',
          9,
        ),
      ),
    ).toBe('Wait 9 seconds.');
  });
});

describe('emailFlowErrorMessage', () => {
  it('passes on the service words for refused input, conflicts and e-mail trouble', () => {
    for (const status of [400, 409, 503]) {
      expect(emailFlowErrorMessage(apiError({ status, details: ['Said the service.'] }))).toBe(
        'Said the service.',
      );
    }
  });

  it('uses the given fallback, else the SPEC sign-in message', () => {
    expect(emailFlowErrorMessage(new ApiError(fallbackError(500)))).toBe(
      'Unexpected error during sign-in, please try again later.',
    );
    expect(emailFlowErrorMessage(new ApiError(fallbackError(503)), 'Other words.')).toBe(
      'Other words.',
    );
    expect(emailFlowErrorMessage(new Error('boom'), 'Other words.')).toBe('Other words.');
  });
});

describe('isInvalidCodeError', () => {
  it('recognises INVALID_CODE only', () => {
    expect(isInvalidCodeError(apiError({ status: 401, code: 'INVALID_CODE' }))).toBe(true);
    expect(isInvalidCodeError(new ApiError(fallbackError(401)))).toBe(false);
    expect(isInvalidCodeError(new Error('INVALID_CODE'))).toBe(false);
  });
});

describe('afterSignInPath', () => {
  it('follows a safe next', () => {
    expect(afterSignInPath('/payments?page=2')).toBe('/payments?page=2');
  });

  it.each([undefined, '//evil.example', '/login', '/login/pin?next=/x', '/verify/code', '/verify'])(
    'goes to the dashboard instead of %j',
    (next) => {
      expect(afterSignInPath(next)).toBeUndefined();
    },
  );

  it('does not mistake look-alike paths for the sign-in areas', () => {
    expect(afterSignInPath('/loginhelp')).toBe('/loginhelp');
  });
});
