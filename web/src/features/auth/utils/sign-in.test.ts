import { describe, expect, it } from 'vitest';
import { fallbackError, type ErrorObject } from '@webpay/contracts/errors';
import { ApiError } from '@/lib/api-client.ts';
import { pinSignInErrorMessage, resolveNext } from './sign-in.ts';

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
    expect(pinSignInErrorMessage(apiError({ status: 429 }))).toBe(unexpected);
    expect(pinSignInErrorMessage(new Error('boom'))).toBe(unexpected);
  });
});
