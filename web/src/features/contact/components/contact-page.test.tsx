import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContactInfo } from '@webpay/contracts/config';
import { writeStoredSession } from '@/lib/session-storage.ts';
import { claimsFor, maria, tokenFor } from '@test/fixtures.ts';
import { fakeService, json, renderApp } from '@test/render-app.tsx';

const contactInfo: ContactInfo = {
  facilities: [
    {
      id: '107',
      name: 'Hospitals & Clinics',
      phone: '(801) 555-0107',
      hours: 'Mon–Fri 7:30 AM – 6:00 PM (Mountain Time)',
      address: '1200 E 500 S, Salt Lake City, UT 84102',
      email: 'patient.billing@example.org',
    },
    {
      id: '153',
      name: 'Central Lab',
      phone: '(801) 555-0153',
      hours: 'Mon–Fri 8:00 AM – 5:00 PM (Mountain Time)',
      address: '675 S 300 E, Salt Lake City, UT 84111',
      email: 'lab.billing@example.org',
    },
  ],
  supportPhone: '(801) 555-0142',
  supportEmail: 'billing@canyon.example',
};

async function openContact(roles: string[] = []) {
  const claims = claimsFor({ roles });
  const token = tokenFor(claims);
  writeStoredSession({ token, expiresAt: Date.now() + 600_000, user: maria, claims });
  return { ...(await renderApp('/contact')), token };
}

describe('contact page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it("shows the guarantor's support phone and billing e-mail, then every facility", async () => {
    const { calls } = fakeService({
      'GET /auth/me': () => json(maria),
      'GET /config/contactInfo': () => json(contactInfo),
    });
    const { token, queryClient } = await openContact();
    expect(
      await screen.findByRole('heading', { name: 'Contact us', level: 1 }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Contact | Canyon Pay');

    const office = screen.getByRole('region', { name: 'Your billing office' });
    expect(within(office).getByRole('link', { name: '(801) 555-0142' })).toHaveAttribute(
      'href',
      'tel:8015550142',
    );
    expect(
      await within(office).findByRole('link', { name: 'billing@canyon.example' }),
    ).toHaveAttribute('href', 'mailto:billing@canyon.example');

    const lab = await screen.findByRole('region', { name: 'Central Lab' });
    expect(within(lab).getByRole('link', { name: '(801) 555-0153' })).toHaveAttribute(
      'href',
      'tel:8015550153',
    );
    expect(within(lab).getByText('Mon–Fri 8:00 AM – 5:00 PM (Mountain Time)')).toBeInTheDocument();
    expect(within(lab).getByText('675 S 300 E, Salt Lake City, UT 84111').tagName).toBe('ADDRESS');
    expect(within(lab).getByRole('link', { name: 'lab.billing@example.org' })).toHaveAttribute(
      'href',
      'mailto:lab.billing@example.org',
    );
    expect(
      within(screen.getByRole('region', { name: 'Hospitals & Clinics' })).getByRole('link', {
        name: '(801) 555-0107',
      }),
    ).toBeInTheDocument();

    const call = calls.find((entry) => entry.path === '/config/contactInfo');
    expect(call?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(queryClient.getQueryData(['contactConfig'])).toEqual(contactInfo);
  });

  it('works without the historical-data role', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /config/contactInfo': () => json(contactInfo),
    });
    const { router } = await openContact([]);
    expect(await screen.findByRole('region', { name: 'Central Lab' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/contact');
  });

  it('keeps the support phone on screen while loading and when loading fails, with a retry', async () => {
    let fail = true;
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /config/contactInfo': () =>
        fail
          ? json({ title: 'Internal error', status: 500, code: 'INTERNAL_ERROR', details: [] }, 500)
          : json(contactInfo),
    });
    await openContact();
    expect(await screen.findByText('Loading our facilities…')).toBeInTheDocument();
    const office = screen.getByRole('region', { name: 'Your billing office' });
    expect(within(office).getByRole('link', { name: '(801) 555-0142' })).toBeInTheDocument();

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(within(office).getByRole('link', { name: '(801) 555-0142' })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Central Lab' })).toBeInTheDocument();
  }, 15_000);
});
