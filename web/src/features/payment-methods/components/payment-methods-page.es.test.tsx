import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storedCredentialConsentText, type PaymentMethod } from '@webpay/contracts/payment-methods';
import { chooseLanguage } from '@/lib/language.ts';
import { appConfig, maria, storeMariasSession } from '@test/fixtures.ts';
import { fakeService, json, renderApp } from '@test/render-app.tsx';

const card: PaymentMethod = {
  id: 'pm-1',
  kind: 'card',
  brand: 'VISA',
  last4: '1111',
  expiry: '12/26',
  expiresOn: '2026-12-31',
  expiringSoon: true,
  expired: false,
  holderName: 'Maria Garcia',
  isDefault: true,
  usedBy: [
    { kind: 'plan', planNumber: 'PP-7K3M9QXA', planVersion: 1 },
    { kind: 'statement_autopay' },
  ],
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('the payment methods page in Spanish', () => {
  beforeEach(() => {
    chooseLanguage('es');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('words the link, the title, a method, its uses, its warning and the bank consent', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /payment-methods': () => json({ methods: [card] }),
    });
    storeMariasSession();
    await renderApp('/payment-methods');
    const list = await screen.findByRole('region', { name: 'Formas de pago guardadas' });
    expect(document.title).toBe('Formas de pago | Canyon Pay');
    expect(screen.getAllByRole('link', { name: 'Formas de pago' })[0]).toHaveAttribute(
      'aria-current',
      'page',
    );
    const item = within(list);
    expect(
      item.getByRole('heading', { name: 'VISA •••• 1111 Predeterminado' }),
    ).toBeInTheDocument();
    expect(item.getByText('Vence 12/26')).toBeInTheDocument();
    expect(item.getByText('Pago automático del plan PP-7K3M9QXA')).toBeInTheDocument();
    expect(item.getByText('Pago automático de estados de cuenta')).toBeInTheDocument();
    expect(item.getByRole('alert')).toHaveTextContent('Esta tarjeta vence pronto');
    expect(item.getByRole('button', { name: 'Quitar VISA •••• 1111' })).toBeInTheDocument();

    await userEvent
      .setup()
      .click(
        screen.getByRole('button', { name: 'Agregar una cuenta bancaria para pago automático' }),
      );
    const dialog = await screen.findByRole('dialog', {
      name: 'Agregar una cuenta bancaria para pago automático',
    });
    const consent = storedCredentialConsentText('es', 'bank', {
      payee: appConfig.branding.providerName,
      billingOfficePhone: maria.supportPhone ?? appConfig.fallbackSupportPhone,
    });
    expect(within(dialog).getByText(consent)).toBeInTheDocument();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Acepto estas condiciones' }),
    ).toBeInTheDocument();
  });
});

describe('the payment methods heading in Spanish', () => {
  beforeEach(() => {
    chooseLanguage('es');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('lets the add buttons wrap, so the long bank one stays on the page beside the title', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /payment-methods': () => json({ methods: [] }),
    });
    storeMariasSession();
    await renderApp('/payment-methods');
    const addCard = await screen.findByRole('button', { name: 'Agregar una tarjeta' });
    const addBank = screen.getByRole('button', {
      name: 'Agregar una cuenta bancaria para pago automático',
    });
    // jsdom lays nothing out: what keeps it on the page is that the row wraps and the button shrinks.
    expect(addCard.parentElement).toHaveClass('sm:flex-wrap');
    expect(addBank).toHaveClass('shrink', 'min-w-0', 'whitespace-normal');
    expect(addBank).not.toHaveClass('shrink-0');
  });
});
