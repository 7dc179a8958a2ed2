import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { chooseLanguage } from '@/lib/language.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { browserInTimeZone } from '@test/browser-time-zone.ts';
import { fakeOfficeService, json } from '@test/office/office-service.tsx';
import { formatDateTimeIn, useFormat } from './use-format.ts';

function renderFormat() {
  const queryClient = createQueryClient();
  onTestFinished(() => queryClient.clear());
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useFormat(), { wrapper }).result;
}

// 06:30 UTC on Nov 25 is 11:30 PM on Nov 24 in Denver and 3:30 PM on Nov 25 in Tokyo;
// in July, Denver keeps daylight time.
const LATE_EVENING = '2026-11-25T06:30:00.000Z';
const SUMMER_AFTERNOON = '2026-07-15T19:42:00.000Z';

describe("the console's dates and times", () => {
  beforeEach(() => {
    // A reader far from the hospital: an auditor's laptop still set to Tokyo.
    browserInTimeZone('Asia/Tokyo');
  });

  it("writes a time as the hospital's clocks read it, naming the zone, wherever it is read", async () => {
    fakeOfficeService();
    const format = renderFormat();
    await waitFor(() => expect(format.current.dateTime(LATE_EVENING)).toMatch(/MST$/));
    expect(format.current.dateTime(LATE_EVENING)).toBe('Nov 24, 2026 11:30 PM MST');
    expect(format.current.dateTime(SUMMER_AFTERNOON)).toBe('Jul 15, 2026 1:42 PM MDT');
    // An instant's day is the hospital's; a calendar day is the same day everywhere.
    expect(format.current.date(LATE_EVENING)).toBe('Nov 24, 2026');
    expect(format.current.date('2026-11-25')).toBe('Nov 25, 2026');
  });

  it('writes them in Spanish the same way, the zone named as US Spanish names it', async () => {
    fakeOfficeService();
    const format = renderFormat();
    act(() => chooseLanguage('es'));
    await waitFor(() => expect(format.current.dateTime(LATE_EVENING)).toMatch(/MST$/));
    expect(format.current.dateTime(LATE_EVENING)).toMatch(/^24 nov 2026 11:30\sp\.\s?m\. MST$/);
    expect(format.current.dateTime(SUMMER_AFTERNOON)).toMatch(/^15 jul 2026 1:42\sp\.\s?m\. MDT$/);
    expect(format.current.date(LATE_EVENING)).toBe('24 nov 2026');
    expect(format.current.date('2026-11-25')).toBe('25 nov 2026');
  });

  it('follows the zone the service names, not a built-in one', async () => {
    fakeOfficeService({ 'GET /config': () => json({ timeZone: 'Pacific/Honolulu' }) });
    const format = renderFormat();
    await waitFor(() => expect(format.current.dateTime(LATE_EVENING)).toMatch(/HST$/));
    expect(format.current.dateTime(LATE_EVENING)).toBe('Nov 24, 2026 8:30 PM HST');
  });

  it("names the reader's own zone when the hospital's cannot be read", () => {
    fakeOfficeService({ 'GET /config': () => json({ title: 'Down', status: 503 }, 503) });
    const format = renderFormat();
    expect(format.current.dateTime(LATE_EVENING)).toBe('Nov 25, 2026 3:30 PM GMT+9');
  });
});

describe('formatDateTimeIn', () => {
  it('leaves a value that is not an instant as it is', () => {
    expect(formatDateTimeIn('en', 'soon', 'America/Denver')).toBe('soon');
  });
});
