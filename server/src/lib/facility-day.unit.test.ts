import { describe, expect, it } from 'vitest';
import { FacilityCalendar } from './facility-day.ts';

const denver = new FacilityCalendar('America/Denver');
const at = (iso: string) => new Date(iso);

describe('the facility calendar', () => {
  it("reads an instant's day in the facility zone, not in UTC", () => {
    // 23:30 on Nov 24 in Denver is 06:30 UTC on Nov 25.
    expect(denver.dayOf(at('2026-11-25T06:30:00Z'))).toBe('2026-11-24');
    expect(denver.dayOf(at('2026-11-25T07:00:00Z'))).toBe('2026-11-25');
    expect(denver.dayOf(at('2026-07-15T05:59:59.999Z'))).toBe('2026-07-14');
    expect(denver.dayOf(at('2026-07-15T06:00:00Z'))).toBe('2026-07-15');
  });

  it("starts a day at the facility's midnight", () => {
    expect(denver.startOf('2026-11-25')).toEqual(at('2026-11-25T07:00:00Z'));
    expect(denver.startOf('2026-07-15')).toEqual(at('2026-07-15T06:00:00Z'));
    expect(new FacilityCalendar('Pacific/Auckland').startOf('2026-01-10')).toEqual(
      at('2026-01-09T11:00:00Z'),
    );
  });
});
