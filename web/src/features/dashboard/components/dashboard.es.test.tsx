import { useCallback, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Encounter, PaymentPlan } from '@webpay/contracts/encounters';
import { DASHBOARD_NOTES_ES } from '@webpay/contracts/messages';
import type { EnteredAmounts } from '@/lib/payments/payment-items.ts';
import { chooseLanguage } from '@/lib/language.ts';
import { writeStoredSession } from '@/lib/session-storage.ts';
import { claimsFor, encounter, maria, mariaEncounters, tokenFor } from '@test/fixtures.ts';
import { fakeService, json, renderApp } from '@test/render-app.tsx';
import type { FacilityTab, MainTab } from '../utils/dashboard-tabs.ts';
import { ROWS_PER_PAGE } from '../hooks/use-more-rows.ts';
import { FacilityTabPanel } from './facility-tab-panel.tsx';
import { MainTabPanel } from './main-tab-panel.tsx';

/*
 * The dashboard read in Spanish (decision 0013): the same screens as the
 * English tests beside this file, with the words, dates and accessible names
 * a Spanish reader gets. Amounts are written as in English.
 */

const plan: PaymentPlan = {
  id: 'PP-7001',
  version: 1,
  type: 'Mail-in',
  status: 'Active',
  nextDueDate: '2026-11-03',
  dueAmount: 150,
  overdueAmount: 75,
  regularPaymentAmount: 150,
  currentBalance: 1480,
  numberOfPayments: 12,
  amortization: Array.from({ length: 12 }, (_, index) => ({
    number: index + 1,
    dueDate: '2026-01-01',
    amount: 150,
    completedAt: index < 5 ? '2026-01-02' : null,
  })),
  encounters: [encounter({ accountNumber: '40009001', admitDate: '2026-01-20', balance: 980 })],
  pendingPayments: [{ receiptId: 'R-9001', date: '2026-11-01', amount: 50 }],
};

function mainTab(encounters: Encounter[], plans: PaymentPlan[]): MainTab {
  return {
    kind: 'main',
    value: '107',
    title: 'Hospitales y clínicas',
    encounters,
    plans,
    count: encounters.length + plans.length,
  };
}

function renderMainPanel(tab: MainTab) {
  function Harness() {
    const [amounts, setAmounts] = useState<EnteredAmounts>({});
    const [customAmount, setCustomAmount] = useState('');
    const change = useCallback(
      (key: string, value: string) => setAmounts((current) => ({ ...current, [key]: value })),
      [],
    );
    return (
      <MainTabPanel
        tab={tab}
        centralFacilityId="107"
        user={maria}
        supportPhone="(801) 555-0142"
        amounts={amounts}
        onAmountChange={change}
        customAmount={customAmount}
        onCustomAmountChange={setCustomAmount}
        onPay={vi.fn()}
      />
    );
  }
  render(<Harness />);
  return userEvent.setup();
}

function renderFacilityPanel(tab: FacilityTab) {
  function Harness() {
    const [amounts, setAmounts] = useState<EnteredAmounts>({});
    const change = useCallback(
      (key: string, value: string) => setAmounts((current) => ({ ...current, [key]: value })),
      [],
    );
    const fill = useCallback(
      (values: Record<string, string>) => setAmounts((current) => ({ ...current, ...values })),
      [],
    );
    return (
      <FacilityTabPanel
        tab={tab}
        guarantorId="guarantor-james"
        supportPhone="(801) 555-0221"
        amounts={amounts}
        onAmountChange={change}
        onAmountsFill={fill}
        onPay={vi.fn()}
        refetching={false}
        onRefetch={vi.fn()}
      />
    );
  }
  render(<Harness />);
  return userEvent.setup();
}

const card = (name: string) => within(screen.getByRole('region', { name }));

describe('the dashboard in Spanish', () => {
  beforeEach(() => {
    chooseLanguage('es');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('titles the page, greets the guarantor and lists the bills with Spanish columns and dates', async () => {
    writeStoredSession({
      token: tokenFor(claimsFor()),
      expiresAt: Date.now() + 600_000,
      user: maria,
      claims: claimsFor(),
    });
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /encounters': () => json(mariaEncounters),
    });
    await renderApp('/dashboard');

    const table = await screen.findByRole('table', { name: 'Servicios por pagar' });
    expect(screen.getByRole('heading', { name: 'Panel', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Panel | Canyon Pay');
    expect(
      screen.getByText('Le damos la bienvenida, Maria. Estas son las facturas por pagar.'),
    ).toBeInTheDocument();

    const tabs = screen.getByRole('tablist', { name: 'Centros' });
    expect(
      within(tabs).getByRole('tab', { name: 'Hospitales y clínicas 3 conceptos' }),
    ).toBeVisible();
    expect(within(tabs).getByRole('tab', { name: 'Central Lab 1 concepto' })).toBeVisible();

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Número de servicio',
      'Nombre del paciente',
      'Estado',
      'Fecha de ingreso',
      'Saldo',
      'Monto del pago',
    ]);
    const first = within(within(table).getAllByRole('row')[1] as HTMLElement);
    expect(first.getByText('Pago por cuenta propia')).toBeInTheDocument();
    expect(first.getByText('2 jun 2026')).toBeInTheDocument();
    expect(first.getByText('$1,250.00')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Monto del pago de 107-40010001' })).toBeEnabled();
  });

  it('toasts a failed load in Spanish', async () => {
    writeStoredSession({
      token: tokenFor(claimsFor()),
      expiresAt: Date.now() + 600_000,
      user: maria,
      claims: claimsFor(),
    });
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /encounters': () =>
        json({ title: 'Internal error', status: 500, code: 'INTERNAL_ERROR', details: ['x'] }, 500),
    });
    await renderApp('/dashboard');
    expect(
      await screen.findByText(
        'No se pudo obtener la información de su cuenta. Inténtelo de nuevo más tarde.',
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
  }, 15_000);

  it('words the summary cards, the amount controls and the bottom bar', async () => {
    const user = renderMainPanel(mainTab([encounter()], [plan]));
    const total = card('Total por pagar');
    expect(total.getByText('2 conceptos')).toBeInTheDocument();
    expect(total.getByRole('button', { name: 'Pagar el total' })).toBeEnabled();
    expect(card('Vencido').getByText('Planes de pagos atrasados')).toBeInTheDocument();
    const custom = card('Indicar un monto').getByRole('textbox', { name: 'Monto que desea pagar' });
    await user.type(custom, '0');
    await user.click(card('Indicar un monto').getByRole('button', { name: 'Pagar ahora' }));
    expect(custom).toHaveAccessibleDescription('El monto debe ser de al menos $0.01');
    await user.clear(custom);

    await user.click(screen.getByRole('button', { name: 'Acerca de pagar el monto que desee' }));
    expect(
      await screen.findByRole('dialog', { name: 'Acerca de pagar el monto que desee' }),
    ).toHaveTextContent(DASHBOARD_NOTES_ES.customAmountHelp);

    const selected = card('Seleccionado para pagar');
    expect(selected.getByText('No hay conceptos seleccionados para pagar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Total a pagar de 107-40010001' }));
    expect(selected.getByText('1 concepto seleccionado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Total a pagar de PP-7001-1' }));
    expect(selected.getByText('2 conceptos seleccionados')).toBeInTheDocument();

    const bar = within(screen.getByRole('region', { name: 'Pago a Hospitales y clínicas' }));
    expect(bar.getByText('Monto total del pago')).toBeInTheDocument();
    expect(bar.getByRole('button', { name: 'Pagar ahora $1,475.00' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Borrar el monto de 107-40010001' }));
    expect(screen.getByRole('textbox', { name: 'Monto del pago de 107-40010001' })).toHaveValue('');

    const note = screen.getByRole('link', { name: '(801) 555-0142' }).closest('p');
    expect(note).toHaveTextContent(DASHBOARD_NOTES_ES.paymentOptions('(801) 555-0142'));
  });

  it('words the plans table, its details and the pending payments, dates as 3 nov 2026', async () => {
    const user = renderMainPanel(mainTab([], [plan]));
    const table = screen.getByRole('table', { name: 'Servicios en plan de pagos' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Detalles',
      'N.º de plan',
      'Tipo',
      'Estado',
      'Fecha de vencimiento',
      'Monto a pagar',
      'Monto del pago',
    ]);
    const row = within(within(table).getByText('PP-7001-1').closest('tr') as HTMLElement);
    expect(row.getByText('Por correo postal')).toBeInTheDocument();
    expect(row.getByText('Activo')).toBeInTheDocument();
    expect(row.getByText('Atrasado')).toBeInTheDocument();
    expect(row.getByText('3 nov 2026')).toBeInTheDocument();
    expect(row.getByText('+ $75.00 atrasado')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ver detalles del plan PP-7001-1' }));
    expect(
      screen.getByRole('button', { name: 'Ocultar detalles del plan PP-7001-1' }),
    ).toBeVisible();
    expect(screen.getByText('Pago mensual')).toBeVisible();
    expect(screen.getByText('Monto para liquidar')).toBeVisible();
    expect(screen.getByText('Tasa de interés')).toBeVisible();
    expect(screen.getByText('5 de 12 realizados')).toBeVisible();
    const encounters = screen.getByRole('table', { name: 'Servicios del plan PP-7001-1' });
    expect(within(encounters).getByText('20 ene 2026')).toBeInTheDocument();

    const marker = screen.getByRole('button', { name: '$50.00 en proceso para PP-7001-1' });
    expect(marker).toHaveTextContent('$50.00 en proceso');
    await user.click(marker);
    const popover = within(
      await screen.findByRole('dialog', { name: 'Pagos en proceso para PP-7001-1' }),
    );
    expect(popover.getByText('Recibidos y en espera de aplicarse a PP-7001-1.')).toBeVisible();
    expect(popover.getByText('1 nov 2026')).toBeInTheDocument();
    expect(popover.getByText('Total')).toBeInTheDocument();
  });

  it('says so in Spanish when there is nothing to list', () => {
    renderMainPanel(mainTab([], []));
    expect(
      screen.getByRole('cell', { name: 'No se encontraron servicios por pagar' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('cell', { name: 'No se encontraron servicios en planes de pagos' }),
    ).toBeInTheDocument();
  });

  it('offers more rows of a long table in Spanish', () => {
    const many = Array.from({ length: ROWS_PER_PAGE + 5 }, (_, index) =>
      encounter({ accountNumber: String(50000000 + index) }),
    );
    renderMainPanel(mainTab(many, []));
    expect(screen.getByText('Mostrando 200 de 205 servicios')).toHaveAttribute('role', 'status');
    expect(screen.getByText('Mostrar 5 más', { selector: 'button' })).toHaveAccessibleName(
      'Mostrar 5 más en Servicios por pagar',
    );
  });

  it('words an other-facility tab: the delay notice, the help card, the over-balance error and Refresh', async () => {
    const user = renderFacilityPanel({
      kind: 'facility',
      value: '221',
      title: 'Home Care',
      encounters: [
        encounter({ facilityId: '221', accountNumber: '60001', balance: 89.99, type: 'EXAR' }),
      ],
      count: 1,
    });
    expect(screen.getByRole('note')).toHaveTextContent(DASHBOARD_NOTES_ES.otherFacilityDelay);
    expect(
      screen.getByRole('button', { name: 'Cerrar el aviso sobre demoras en los pagos' }),
    ).toBeEnabled();
    expect(
      card('¿Necesita ayuda?').getByText('¿Preguntas sobre estas facturas? Llame al'),
    ).toBeVisible();
    expect(card('Total por pagar').getByText('1 concepto')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Servicios de Home Care' });
    expect(within(table).getByText('Pago por cuenta propia')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Monto del pago de 221-60001' });
    await user.type(field, '100');
    expect(field).toHaveAccessibleDescription('El monto supera el saldo');
    expect(screen.getByText(DASHBOARD_NOTES_ES.notEligibleForPlans)).toBeInTheDocument();

    const refresh = screen.getByRole('button', { name: 'Actualizar los servicios de Home Care' });
    expect(refresh).toHaveTextContent('Actualizar');
    await user.click(refresh);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Los servicios de Home Care están al día.',
    );
  });
});

describe('switching language on the dashboard', () => {
  it('changes the words at once and keeps the amounts typed', async () => {
    const user = renderMainPanel(mainTab([encounter()], []));
    await user.type(screen.getByRole('textbox', { name: 'Payment amount for 107-40010001' }), '25');
    act(() => chooseLanguage('es'));
    expect(screen.getByRole('textbox', { name: 'Monto del pago de 107-40010001' })).toHaveValue(
      '25',
    );
    expect(card('Seleccionado para pagar').getByText('1 concepto seleccionado')).toBeVisible();
  });
});
