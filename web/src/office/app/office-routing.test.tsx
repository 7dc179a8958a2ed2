import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chooseLanguage } from '@/lib/language.ts';
import { browserInTimeZone } from '@test/browser-time-zone.ts';
import { fakeOfficeService, json, renderOffice, staffMe } from '@test/office/office-service.tsx';
import { staffSession } from '../lib/staff-session.ts';

const home = {
  today: '2026-11-27',
  paymentsToday: { count: 3, amountCents: 12_345 },
  attention: {
    awaitingReconciliation: 1,
    awaitingApproval: 0,
    plansNeedingAttention: 0,
    failedEmails: 2,
  },
  lastRuns: { import: null, export: null, reconcile: null },
};

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main navigation' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the console by role', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('sends a visitor without a session to sign in, and back afterwards', async () => {
    fakeOfficeService();
    const { router } = await renderOffice('/audit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toEqual({ next: '/audit' });
    expect(screen.getByRole('heading', { name: 'Billing Office Sign In', level: 1 })).toBeVisible();
  });

  it("takes single sign-on's refusal back to the sign-in page, which says why", async () => {
    fakeOfficeService();
    const { router } = await renderOffice('/sso?error=SSO_ROLE_NOT_MAPPED');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toEqual({ sso: 'SSO_ROLE_NOT_MAPPED' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account is not in a group that may use the billing office console.',
    );
  });

  it('shows a viewer Home, Guarantors, Payments, Reports and Audit, with who is signed in, and no Staff', async () => {
    fakeOfficeService({ 'GET /home': () => json(home) });
    await renderOffice('/', 'viewer');
    expect(await screen.findByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
    expect(navLinks()).toEqual([
      'Home',
      'Guarantors',
      'Payments',
      'Financial assistance',
      'Reports',
      'Audit',
    ]);
    expect(screen.getByRole('banner')).toHaveTextContent('Dana Reyes · Viewer');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
    expect(await screen.findByText('$123.45')).toBeVisible();
  });

  it.each([
    ['en', 'Reviewer', 'Main navigation'],
    ['es', 'Revisor', 'Navegación principal'],
  ] as const)(
    'names a reviewer’s role in the header (%s), with the readers’ links',
    async (language, role, navigation) => {
      fakeOfficeService({ 'GET /home': () => json(home) });
      chooseLanguage(language);
      await renderOffice('/', 'reviewer');
      await waitFor(() =>
        expect(screen.getByRole('banner')).toHaveTextContent(`Dana Reyes · ${role}`),
      );
      const links = within(screen.getByRole('navigation', { name: navigation })).getAllByRole(
        'link',
      );
      expect(links.map((link) => link.getAttribute('href'))).toEqual([
        '/office/',
        '/office/guarantors',
        '/office/payments',
        '/office/financial-assistance',
        '/office/reports',
        '/office/audit',
      ]);
    },
  );

  it('keeps the staff screen to admins: a viewer sent there lands on Home', async () => {
    fakeOfficeService({ 'GET /home': () => json(home) });
    const { router } = await renderOffice('/staff', 'supervisor');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(navLinks()).not.toContain('Staff');
  });

  it('keeps Payments marked on Approvals, and Home on Plans needing attention', async () => {
    fakeOfficeService({
      'GET /approvals': () => json({ approvals: [] }),
      'GET /plans/attention': () => json({ plans: [] }),
    });
    const current = () =>
      within(screen.getByRole('navigation', { name: 'Main navigation' }))
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.textContent);
    const { unmount } = await renderOffice('/approvals', 'supervisor');
    expect(await screen.findByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
    expect(current()).toEqual(['Payments']);
    unmount();
    await renderOffice('/plans-attention', 'viewer');
    expect(
      await screen.findByRole('heading', { name: 'Plans needing attention', level: 1 }),
    ).toBeVisible();
    expect(current()).toEqual(['Home']);
  });

  it('gives admins the Staff link and screen', async () => {
    fakeOfficeService({ 'GET /staff': () => json({ staff: [] }) });
    await renderOffice('/staff', 'admin');
    expect(await screen.findByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
    expect(navLinks()).toEqual([
      'Home',
      'Guarantors',
      'Payments',
      'Financial assistance',
      'Reports',
      'Audit',
      'Staff',
    ]);
    const roles = within(screen.getByLabelText('Role')).getAllByRole('option');
    expect(roles.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['viewer', 'Viewer'],
      ['agent', 'Agent'],
      ['reviewer', 'Reviewer'],
      ['supervisor', 'Supervisor'],
      ['admin', 'Administrator'],
    ]);
  });

  it('signs out to the sign-in page, which says so, and tells the service', async () => {
    const { calls } = fakeOfficeService({
      'GET /home': () => json(home),
      'POST /auth/sign-out': () => new Response(null, { status: 204 }),
    });
    const { router } = await renderOffice('/', 'agent');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(await screen.findByText('You have signed out.')).toBeVisible();
    const signOut = calls.find((call) => call.path === '/auth/sign-out');
    expect(signOut?.headers.get('Authorization')).toBe('Bearer staff-token');
    expect(staffSession.get()).toBeNull();
  });

  it('ends the session on a 401 from any call, with a message on the sign-in page', async () => {
    fakeOfficeService({
      'GET /home': () =>
        json({ title: 'Unauthorized', status: 401, code: 'UNAUTHORIZED', details: [] }, 401),
    });
    const { router } = await renderOffice('/', 'agent');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toEqual({ ended: 'unauthorized' });
    expect(
      await screen.findByText('Your session has ended. Sign in again to go on.'),
    ).toBeVisible();
  });
});

describe("the hospital's time zone", () => {
  it('is known before a page draws a time, so none is first drawn in the reader’s zone', async () => {
    browserInTimeZone('Asia/Tokyo');
    // 06:30 UTC on Nov 25: 11:30 PM on Nov 24 in Denver, 3:30 PM on Nov 25 in Tokyo.
    const member = {
      ...staffMe('agent', 'Chris Park').staff,
      lastSignInAt: '2026-11-25T06:30:00.000Z',
    };
    fakeOfficeService({
      'GET /config': () =>
        new Promise((resolve) =>
          setTimeout(() => resolve(json({ timeZone: 'America/Denver' })), 50),
        ),
      'GET /staff': () => json({ staff: [member] }),
    });
    const drawn: string[] = [];
    const observer = new MutationObserver(() => drawn.push(document.body.textContent ?? ''));
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    try {
      await renderOffice('/staff', 'admin');
      const row = await screen.findByRole('row', { name: /Chris Park/ });
      expect(row).toHaveTextContent('Nov 24, 2026 11:30 PM MST');
    } finally {
      observer.disconnect();
    }
    expect(drawn.filter((text) => text.includes('GMT+9'))).toEqual([]);
  });
});
