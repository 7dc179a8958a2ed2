import { describe, expect, it, vi } from 'vitest';
import { logRelease, RELEASE } from './release.ts';

describe('release marker (SPEC §9)', () => {
  it('comes from the build, prod-23 unless WEBPAY_RELEASE names another', () => {
    expect(RELEASE).toBe(process.env.WEBPAY_RELEASE || 'prod-23');
  });

  it('is logged as one line', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    logRelease();
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(`WebPay release ${RELEASE}`);
  });
});
