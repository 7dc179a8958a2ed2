import { describe, expect, it } from 'vitest';
import { sameSecret } from './api-guard.ts';

describe('sameSecret', () => {
  it('compares keys of any length without throwing', () => {
    expect(sameSecret('webpay-dev-api-key', 'webpay-dev-api-key')).toBe(true);
    expect(sameSecret('webpay-dev-api-kex', 'webpay-dev-api-key')).toBe(false);
    expect(sameSecret('short', 'webpay-dev-api-key')).toBe(false);
    expect(sameSecret('', 'webpay-dev-api-key')).toBe(false);
  });
});
