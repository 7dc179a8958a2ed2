import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '@/lib/language.ts';
import { screen, waitFor, within } from '@testing-library/react';
import type { AppConfig } from '@webpay/contracts/config';
import { appConfig, maria, mariaEncounters, storeMariasSession } from '@test/fixtures.ts';
import { fakeService, json, renderApp } from '@test/render-app.tsx';

/** Another provider's configuration: what WEBPAY_PROVIDER_NAME, _LOGO_URL and _ACCENT_COLOR set. */
const lakeside: AppConfig = {
  ...appConfig,
  branding: {
    ...appConfig.branding,
    providerName: 'Lakeside Medical Center',
    portalName: 'Lakeside Pay',
    logoUrl: '/brand/lakeside.svg',
    accentColor: '#7c2d12',
    supportEmail: 'pay@lakeside.example',
  },
};

describe('branding from GET /config/app (rebranding needs no code change)', () => {
  it("puts another provider's name, logo and accent colour on the signed-in pages", async () => {
    fakeService({
      'GET /config/app': () => json(lakeside),
      'GET /auth/me': () => json(maria),
      'GET /encounters': () => json(mariaEncounters),
    });
    storeMariasSession();
    await renderApp('/dashboard');

    const header = await screen.findByRole('banner');
    const logo = await within(header).findByRole('img', { name: 'Lakeside Pay' });
    expect(logo).toHaveAttribute('src', '/brand/lakeside.svg');
    expect(header).toHaveTextContent('Lakeside Medical Center');
    expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#7c2d12');
    // A dark accent carries white text; the provider never has to pick it.
    expect(document.documentElement.style.getPropertyValue('--brand-foreground')).toBe('#ffffff');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(document.title).toBe('Dashboard | Lakeside Pay');
  });

  it('brands the login page the same way', async () => {
    fakeService({ 'GET /config/app': () => json(lakeside) });
    await renderApp('/login/pin');

    expect(await screen.findByRole('img', { name: 'Lakeside Pay' })).toHaveAttribute(
      'src',
      '/brand/lakeside.svg',
    );
    expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#7c2d12');
    await waitFor(() => expect(document.title).toBe('Lakeside Pay Login'));
  });

  it("shows a configured login heading as written, and the portal's own in the reader's language", async () => {
    chooseLanguage('es');
    fakeService({ 'GET /config/app': () => json(lakeside) });
    const { unmount } = await renderApp('/login/pin');
    expect(
      await screen.findByRole('heading', { name: 'Portal seguro de pagos para pacientes' }),
    ).toBeInTheDocument();
    unmount();

    const own = { ...lakeside, branding: { ...lakeside.branding, tagline: 'Pay Lakeside online' } };
    fakeService({ 'GET /config/app': () => json(own) });
    await renderApp('/login/pin');
    expect(await screen.findByRole('heading', { name: 'Pay Lakeside online' })).toBeInTheDocument();
  });

  it('keeps a light accent readable with dark text', async () => {
    fakeService({
      'GET /config/app': () =>
        json({ ...lakeside, branding: { ...lakeside.branding, accentColor: '#fde68a' } }),
    });
    await renderApp('/login/pin');
    await screen.findByRole('img', { name: 'Lakeside Pay' });
    expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#fde68a');
    expect(document.documentElement.style.getPropertyValue('--brand-foreground')).toBe('#0f172a');
  });
});
