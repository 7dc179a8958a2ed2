import { describe, expect, it } from 'vitest';
import { safeNext, signInSearch, ssoErrorCode } from './sign-in-search.ts';

describe("the sign-in page's search", () => {
  it('keeps a known ending and a next page, and drops anything else', () => {
    expect(signInSearch({ ended: 'idle', next: '/audit' })).toEqual({
      ended: 'idle',
      next: '/audit',
    });
    expect(signInSearch({ ended: 'hacked', next: 3 })).toEqual({});
  });

  it("keeps single sign-on's refusal only when it is one the service sends", () => {
    expect(signInSearch({ sso: 'SSO_ROLE_NOT_MAPPED' })).toEqual({ sso: 'SSO_ROLE_NOT_MAPPED' });
    expect(signInSearch({ sso: '<b>hello</b>' })).toEqual({});
    expect(ssoErrorCode('SSO_STAFF_DISABLED')).toBe('SSO_STAFF_DISABLED');
    expect(ssoErrorCode(['SSO_FAILED'])).toBeUndefined();
  });

  it('goes back only to a page of the console, never to another site', () => {
    expect(safeNext('/guarantors/g-1')).toBe('/guarantors/g-1');
    for (const next of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '',
      undefined,
    ]) {
      expect(safeNext(next)).toBeUndefined();
    }
  });
});
