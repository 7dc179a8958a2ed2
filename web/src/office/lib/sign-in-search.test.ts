import { describe, expect, it } from 'vitest';
import { safeNext, signInSearch } from './sign-in-search.ts';

describe("the sign-in page's search", () => {
  it('keeps a known ending and a next page, and drops anything else', () => {
    expect(signInSearch({ ended: 'idle', next: '/audit' })).toEqual({
      ended: 'idle',
      next: '/audit',
    });
    expect(signInSearch({ ended: 'hacked', next: 3 })).toEqual({});
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
