import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fakeOfficeService, json, renderWithQueries } from '@test/office/office-service.tsx';
import { SsoSignIn } from './sso-sign-in.tsx';

describe('the single sign-on button', () => {
  it('shows, by its exact name, when the service has single sign-on, and leads to its start', async () => {
    const { calls } = fakeOfficeService({
      'GET /auth/sso': () => json({ enabled: true, label: 'Wasatch ID' }),
    });
    renderWithQueries(<SsoSignIn />);
    const link = await screen.findByRole('link', { name: 'Sign in with single sign-on' });
    expect(link).toHaveAttribute('href', '/api/v1/office/auth/sso/start');
    expect(link).toHaveAccessibleDescription('Through Wasatch ID');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('is not there when single sign-on is off, or the service cannot say', async () => {
    const { calls } = fakeOfficeService({
      'GET /auth/sso': () => json({ enabled: false, label: null }),
    });
    const { unmount } = renderWithQueries(<SsoSignIn />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('link')).toBeNull();
    unmount();

    fakeOfficeService();
    renderWithQueries(<SsoSignIn />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link')).toBeNull();
  });
});
