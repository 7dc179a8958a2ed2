import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ContactInfo } from '@webpay/contracts/config';
import { chooseLanguage } from '@/lib/language.ts';
import { maria, storeMariasSession } from '@test/fixtures.ts';
import { fakeService, json, renderApp } from '@test/render-app.tsx';

const contactInfo: ContactInfo = {
  facilities: [
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

describe('contact page in Spanish', () => {
  beforeEach(() => {
    chooseLanguage('es');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('words the page, the billing office and each facility, and asks the service in Spanish', async () => {
    storeMariasSession();
    const { calls } = fakeService({
      'GET /auth/me': () => json(maria),
      'GET /config/contactInfo': () => json(contactInfo),
    });
    await renderApp('/contact');

    expect(await screen.findByRole('heading', { name: 'Contáctenos', level: 1 })).toBeVisible();
    expect(document.title).toBe('Contacto | Canyon Pay');
    expect(
      screen.getByText(
        '¿Tiene preguntas sobre una factura o un pago? Nuestra oficina de facturación con gusto le ayudará.',
      ),
    ).toBeInTheDocument();

    const office = within(screen.getByRole('region', { name: 'Su oficina de facturación' }));
    expect(office.getByText('Teléfono de atención')).toBeInTheDocument();
    expect(office.getByText('Correo electrónico de facturación')).toBeInTheDocument();
    expect(office.getByRole('link', { name: '(801) 555-0142' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Nuestros centros', level: 2 })).toBeInTheDocument();
    const lab = within(await screen.findByRole('region', { name: 'Central Lab' }));
    expect(lab.getByText('Teléfono')).toBeInTheDocument();
    expect(lab.getByText('Horario')).toBeInTheDocument();
    expect(lab.getByText('Dirección')).toBeInTheDocument();
    expect(lab.getByText('Correo electrónico')).toBeInTheDocument();

    const call = calls.find((entry) => entry.path === '/config/contactInfo');
    expect(call?.headers.get('Accept-Language')).toBe('es');
  });

  it('announces the facilities loading in Spanish', async () => {
    storeMariasSession();
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /config/contactInfo': () => new Promise<Response>(() => undefined),
    });
    await renderApp('/contact');
    expect(await screen.findByText('Cargando nuestros centros…')).toHaveAttribute('role', 'status');
  });
});
