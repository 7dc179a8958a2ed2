import { describe, expect, it } from 'vitest';
import { FacilityCalendar } from '../../lib/facility-day.ts';
import { recordedWithin } from './payment-history.service.ts';

const denver = new FacilityCalendar('America/Denver');

describe("a history range of the facility's days", () => {
  it('runs from midnight of From to midnight after To, in the facility zone', () => {
    expect(recordedWithin({ from: '2025-12-09', to: '2025-12-09' }, denver)).toEqual({
      from: new Date('2025-12-09T07:00:00Z'),
      before: new Date('2025-12-10T07:00:00Z'),
    });
  });

  it('spans the 25 hours of the day the clocks go back', () => {
    const { from, before } = recordedWithin({ from: '2026-11-01', to: '2026-11-01' }, denver);
    expect(from).toEqual(new Date('2026-11-01T06:00:00Z'));
    expect(before).toEqual(new Date('2026-11-02T07:00:00Z'));
  });

  it('leaves an end open when its day is not given', () => {
    expect(recordedWithin({ from: '2026-03-08' }, denver)).toEqual({
      from: new Date('2026-03-08T07:00:00Z'),
    });
    expect(recordedWithin({ to: '2026-03-08' }, denver)).toEqual({
      before: new Date('2026-03-09T06:00:00Z'),
    });
    expect(recordedWithin({}, denver)).toEqual({});
  });
});
