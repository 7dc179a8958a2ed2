import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browserInTimeZone } from '@test/browser-time-zone.ts';
import { fakeOfficeService, json, renderOffice } from '@test/office/office-service.tsx';

/** The names the page saves files under, instead of letting jsdom try to navigate. */
function captureSavedNames(): string[] {
  const saved: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:office/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return saved;
}

describe('the action filter', () => {
  it('takes a code, and suggests the known ones with their words', async () => {
    fakeOfficeService({ 'GET /audit?limit=100': () => json({ entries: [], nextBefore: null }) });
    await renderOffice('/audit', 'viewer');
    const field = await screen.findByRole('combobox', { name: 'Action' });
    expect(field).toHaveAccessibleDescription('e.g. office.support.unlock-sign-in');
    expect(field).not.toHaveAttribute('placeholder');
    expect(screen.getByRole('textbox', { name: 'Guarantor' })).toHaveAccessibleDescription(
      'Account number or guarantor id',
    );
    const suggestions = document.getElementById(field.getAttribute('list') ?? '');
    const options = Array.from(suggestions?.querySelectorAll('option') ?? []);
    expect(options.length).toBeGreaterThan(100);
    expect(options.map((option) => [option.value, option.label])).toContainEqual([
      'office.report.money.viewed',
      'Viewed the money report',
    ]);
  });
});

describe('the audit export', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is named by the hospital's day, not the reader's", async () => {
    browserInTimeZone('Asia/Tokyo');
    vi.useFakeTimers({ toFake: ['Date'] });
    // 05:00 UTC on Nov 30 is still 10 PM on Nov 29 in Denver, and Nov 30 in Tokyo already.
    vi.setSystemTime(new Date('2026-11-30T05:00:00.000Z'));
    const saved = captureSavedNames();
    fakeOfficeService({
      'GET /audit?limit=100': () => json({ entries: [], nextBefore: null }),
      'GET /audit.csv?': () =>
        new Response('id,occurred_at\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    await renderOffice('/audit', 'viewer');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['audit-2026-11-29.csv']));
  });
});
