import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { OfficeHome } from '@webpay/contracts/office';
import { chooseLanguage } from '@/lib/language.ts';
import { fakeOfficeService, json, renderOffice } from '@test/office/office-service.tsx';

const home: OfficeHome = {
  today: '2026-11-27',
  paymentsToday: { count: 0, amountCents: 0 },
  attention: {
    awaitingReconciliation: 0,
    awaitingApproval: 3,
    plansNeedingAttention: 0,
    failedEmails: 0,
  },
  lastRuns: { import: null, export: null, reconcile: null },
};

describe('the home page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('opens the approvals list from the voids and refunds awaiting approval', async () => {
    fakeOfficeService({ 'GET /home': () => json(home) });
    await renderOffice('/', 'supervisor');
    const attention = await screen.findByRole('region', { name: 'Needs attention' });
    const link = within(attention).getByRole('link', {
      name: 'Voids and refunds awaiting approval',
    });
    expect(link).toHaveAttribute('href', '/office/approvals');
    expect(link.closest('div')).toHaveTextContent('3');
  });

  it('does so in Spanish too', async () => {
    act(() => chooseLanguage('es'));
    fakeOfficeService({ 'GET /home': () => json(home) });
    await renderOffice('/', 'viewer');
    const attention = await screen.findByRole('region', { name: 'Requiere atención' });
    expect(
      within(attention).getByRole('link', {
        name: 'Anulaciones y reembolsos en espera de aprobación',
      }),
    ).toHaveAttribute('href', '/office/approvals');
  });
});
