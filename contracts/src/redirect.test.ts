import { describe, expect, it } from 'vitest';
import { isSafeRedirectPath } from './redirect.ts';

describe('isSafeRedirectPath (SPEC §2, /login/pin next)', () => {
  it.each(['/', '/dashboard', '/statements?from=2026-01-01', '/contact#hours'])(
    'accepts %s',
    (next) => {
      expect(isSafeRedirectPath(next)).toBe(true);
    },
  );

  it.each([
    '//evil.example',
    '/\\evil',
    'https://evil.example',
    '/redirect?to=https://evil.example',
    'dashboard',
    '',
    'javascript:alert(1)',
  ])('refuses %s', (next) => {
    expect(isSafeRedirectPath(next)).toBe(false);
  });

  it('refuses anything that is not a string', () => {
    expect(isSafeRedirectPath(undefined)).toBe(false);
    expect(isSafeRedirectPath(['/dashboard'])).toBe(false);
    expect(isSafeRedirectPath(42)).toBe(false);
  });
});
