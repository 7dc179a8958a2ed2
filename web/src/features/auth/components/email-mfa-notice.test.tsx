import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Claims, User } from '@webpay/contracts/auth';
import { SESSION_STORAGE_KEYS, writeStoredSession } from '@/lib/session-storage.ts';
import { claimsFor, maria, mariaEncounters, tokenFor } from '@test/fixtures.ts';
import { fakeService, json, renderApp, type FakeCall } from '@test/render-app.tsx';

const NOTICE = 'Confirm your identity by email to save receipt email addresses to your account.';
const pinClaims = claimsFor({ loginType: 'pin', sid: 'session-pin' });
const pinToken = tokenFor(pinClaims);
const totpClaims = claimsFor({ loginType: 'totp', sid: 'session-totp' });
const totpToken = tokenFor(totpClaims);

function storeSession(claims: Claims, user: User = maria) {
  writeStoredSession({ token: tokenFor(claims), expiresAt: Date.now() + 600_000, user, claims });
}

function handlers(overrides: Record<string, (call: FakeCall) => Response> = {}) {
  return {
    'GET /auth/me': () => json(maria),
    'GET /encounters': () => json(mariaEncounters),
    'POST /auth/mfa/email': () =>
      json({ guarantorId: 'g-1', verificationId: 'v-mfa', email: 'maria.garcia@example.com' }),
    'POST /auth/login/code': ({ body }: FakeCall) =>
      (body as { code: string }).code === '654321'
        ? json({ access_token: totpToken, expires_in: 900 })
        : json({ title: 'Invalid code', status: 401, code: 'INVALID_CODE', details: [] }, 401),
    ...overrides,
  };
}

async function openDashboard() {
  const app = await renderApp('/dashboard');
  await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
  return app;
}

describe('e-mail multi-factor on the dashboard', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sessionStorage.clear();
  });

  it.each(['pin', 'magic'] as const)(
    'offers it to a %s session with an e-mail',
    async (loginType) => {
      storeSession(claimsFor({ loginType }));
      fakeService(handlers());
      await openDashboard();
      const notice = screen.getByRole('region', { name: 'Confirm your identity' });
      expect(notice).toHaveTextContent(NOTICE);
      expect(within(notice).getByRole('button', { name: 'Email me a code' })).toBeInTheDocument();
    },
  );

  it('does not offer it to a totp session', async () => {
    storeSession(totpClaims);
    fakeService(handlers());
    await openDashboard();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('does not offer it without an e-mail on file', async () => {
    const noEmail = { ...maria, email: null };
    storeSession(pinClaims, noEmail);
    fakeService(handlers({ 'GET /auth/me': () => json(noEmail) }));
    await openDashboard();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('can be dismissed for the rest of the session', async () => {
    storeSession(pinClaims);
    fakeService(handlers());
    await openDashboard();
    const notice = screen.getByRole('region', { name: 'Confirm your identity' });
    await userEvent.setup().click(
      within(notice).getByRole('button', {
        name: 'Dismiss notice about confirming your identity',
      }),
    );
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    expect(document.getElementById('main-content')).toHaveFocus();
  });

  it('stays dismissed after a reload in the same session', async () => {
    sessionStorage.setItem('webpay-email-mfa-notice-dismissed', 'session-pin');
    storeSession(pinClaims);
    fakeService(handlers());
    await openDashboard();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('e-mails a code, and the code turns the session into a totp one', async () => {
    storeSession(pinClaims);
    const { calls } = fakeService(handlers());
    const { router, auth } = await openDashboard();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));

    await screen.findByRole('heading', { name: 'Enter your verification code', level: 1 });
    expect(router.state.location.pathname).toBe('/verify/code');
    expect(router.state.location.search).toEqual({
      guarantorId: 'g-1',
      verificationId: 'v-mfa',
      email: 'maria.garcia@example.com',
      next: '/dashboard',
    });
    const mfa = calls.find((call) => call.path === '/auth/mfa/email');
    expect(mfa?.headers.get('Authorization')).toBe(`Bearer ${pinToken}`);
    // Still signed in while the code is on its way: the /verify area does not log out.
    expect(auth.getSession()?.token).toBe(pinToken);
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(auth.getSession()?.token).toBe(totpToken);
    expect(auth.getSession()?.claims.loginType).toBe('totp');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBe(totpToken);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEYS.claims) ?? '').loginType).toBe(
      'totp',
    );
    const me = calls.filter((call) => call.path === '/auth/me').at(-1);
    expect(me?.headers.get('Authorization')).toBe(`Bearer ${totpToken}`);
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("explains a failed send in the 'Failed to Send Code' modal", async () => {
    storeSession(pinClaims);
    fakeService(
      handlers({
        'POST /auth/mfa/email': () =>
          json(
            {
              title: 'No email',
              status: 400,
              code: 'NO_EMAIL_ON_FILE',
              details: ['There is no email address on file for this account.'],
            },
            400,
          ),
      }),
    );
    const { router } = await openDashboard();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Email me a code' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Failed to Send Code' });
    expect(dialog).toHaveAccessibleDescription(
      'There is no email address on file for this account.',
    );
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('says the guarantor has no access for a 403', async () => {
    storeSession(pinClaims);
    fakeService(
      handlers({
        'POST /auth/mfa/email': () =>
          json({ title: 'Forbidden', status: 403, code: 'FORBIDDEN', details: [] }, 403),
      }),
    );
    await openDashboard();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Email me a code' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Forbidden' });
    expect(dialog).toHaveAccessibleDescription('You do not currently have access.');
  });

  it('leaves a refused session to the Session Expired modal', async () => {
    storeSession(pinClaims);
    let refuse = false;
    fakeService(
      handlers({
        'POST /auth/mfa/email': () => {
          refuse = true;
          return json(
            { title: 'Session expired', status: 401, code: 'SESSION_EXPIRED', details: [] },
            401,
          );
        },
        'GET /encounters': () => json(mariaEncounters),
      }),
    );
    await openDashboard();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByRole('alertdialog', { name: 'Session Expired' })).toBeInTheDocument();
    expect(refuse).toBe(true);
    expect(
      screen.queryByRole('alertdialog', { name: 'Failed to Send Code' }),
    ).not.toBeInTheDocument();
  });
});
