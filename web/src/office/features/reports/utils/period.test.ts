import { describe, expect, it } from 'vitest';
import { defaultPeriod, quickPeriod } from './period.ts';

describe('the report periods', () => {
  it('counts back from the facility’s today, both ends included', () => {
    expect(defaultPeriod('2026-03-10')).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(quickPeriod('last7', '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(quickPeriod('thisMonth', '2026-03-10')).toEqual({
      from: '2026-03-01',
      to: '2026-03-10',
    });
    expect(quickPeriod('lastMonth', '2026-03-10')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(quickPeriod('lastMonth', '2026-01-05')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });
});
