import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStoredSession } from '@/lib/session-storage.ts';
import { claimsFor, maria, mariaEncounters, tokenFor } from '@test/fixtures.ts';
import { fakeService, json, renderApp } from '@test/render-app.tsx';

function signIn(roles: string[]) {
  const claims = claimsFor({ roles });
  writeStoredSession({
    token: tokenFor(claims),
    expiresAt: Date.now() + 600_000,
    user: maria,
    claims,
  });
}

async function openDashboard(roles: string[] = ['historical-data']) {
  fakeService({
    'GET /auth/me': () => json(maria),
    'GET /encounters': () => json(mariaEncounters),
  });
  signIn(roles);
  const app = await renderApp('/dashboard');
  await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
  return app;
}

/** The links of the header's own navigation (the one shown from the md breakpoint up). */
function headerLinks() {
  const nav = within(screen.getByRole('banner')).getAllByRole('navigation', { name: 'Main' })[0];
  return within(nav as HTMLElement)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

const menuButton = () => screen.getByRole('button', { name: 'Menu' });

describe('the signed-in shell', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows the logo, portal and provider name, the guarantor, theme and Log out', async () => {
    await openDashboard();
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('img', { name: 'Canyon Pay' })).toBeInTheDocument();
    expect(header).toHaveTextContent('Canyon Health');
    expect(header).toHaveTextContent('Signed in as Maria Garcia');
    expect(within(header).getByRole('button', { name: 'Theme: Light' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('starts with a skip link to the page content', async () => {
    await openDashboard();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    await userEvent.setup().tab();
    expect(skip).toHaveFocus();
  });

  it('offers Statements and Payments with the historical-data role, Payment Methods to everyone', async () => {
    await openDashboard(['historical-data']);
    expect(headerLinks()).toEqual([
      'Dashboard',
      'Statements',
      'Payments',
      'Payment Methods',
      'Contact',
    ]);
  });

  it('leaves Statements and Payments out without the role', async () => {
    await openDashboard([]);
    expect(headerLinks()).toEqual(['Dashboard', 'Payment Methods', 'Contact']);
  });

  it("marks the current page's link", async () => {
    const { router } = await openDashboard();
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Contact' })).not.toHaveAttribute('aria-current');

    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Contact' }));
    await screen.findByRole('heading', { name: 'Contact us', level: 1 });
    expect(router.state.location.pathname).toBe('/contact');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  describe('the phone menu', () => {
    it('opens from the Menu button with the same links, starting on the current page', async () => {
      await openDashboard();
      const user = userEvent.setup();
      expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

      await user.click(menuButton());
      expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
      const menu = screen.getByRole('dialog', { name: 'Menu' });
      expect(menuButton()).toHaveAttribute('aria-controls', menu.id);
      const nav = within(menu).getByRole('navigation', { name: 'Main' });
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Dashboard', 'Statements', 'Payments', 'Payment Methods', 'Contact']);
      await waitFor(() =>
        expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveFocus(),
      );
      expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });

    it('follows the role like the header does', async () => {
      await openDashboard([]);
      await userEvent.setup().click(menuButton());
      const menu = screen.getByRole('dialog', { name: 'Menu' });
      expect(
        within(menu)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Dashboard', 'Payment Methods', 'Contact']);
    });

    it('closes when a link is followed', async () => {
      const { router } = await openDashboard();
      const user = userEvent.setup();
      await user.click(menuButton());
      await user.click(
        within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', {
          name: 'Contact',
        }),
      );
      await screen.findByRole('heading', { name: 'Contact us', level: 1 });
      expect(router.state.location.pathname).toBe('/contact');
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
      expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    });

    it('closes with Escape and gives focus back to the Menu button', async () => {
      await openDashboard();
      const user = userEvent.setup();
      await user.click(menuButton());
      await screen.findByRole('dialog', { name: 'Menu' });
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
      expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
      await waitFor(() => expect(menuButton()).toHaveFocus());
    });

    it('closes when the Menu button is pressed again', async () => {
      await openDashboard();
      const user = userEvent.setup();
      await user.click(menuButton());
      await user.click(menuButton());
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    });
  });
});
