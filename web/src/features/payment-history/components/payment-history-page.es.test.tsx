import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cardReceipt } from '@test/payments/payment-fixtures.ts';
import { chooseLanguage } from '@/lib/language.ts';
import { maria, storeMariasSession } from '@test/fixtures.ts';
import { fakeService, json, renderApp } from '@test/render-app.tsx';
import {
  historyItem,
  mariaHistory,
} from '../../../../test/payment-history/payment-history-fixtures.ts';

async function openPayments(url = '/payments') {
  storeMariasSession();
  return renderApp(url);
}

function historyService(payments = mariaHistory, handlers: Parameters<typeof fakeService>[0] = {}) {
  return fakeService({
    'GET /auth/me': () => json(maria),
    'GET /payments': () => json({ payments }),
    ...handlers,
  });
}

describe('the payment history page in Spanish', () => {
  beforeEach(() => {
    chooseLanguage('es');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('words the title, the table, the dates, the methods and the statuses', async () => {
    historyService();
    await openPayments();
    const table = await screen.findByRole('table', { name: 'Pagos' });
    expect(document.title).toBe('Pagos | Canyon Pay');
    expect(screen.getByRole('heading', { name: 'Pagos', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fechas de pago' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Historial de pagos' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Fecha', 'Recibo', 'Forma de pago', 'Estado', 'Conceptos pagados', 'Monto']);

    const [card, bank] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    const first = within(card as HTMLElement);
    expect(first.getByText('12 jun 2026')).toBeInTheDocument();
    expect(
      first.getByRole('button', { name: 'Ver el recibo R-20260612-0002' }),
    ).toBeInTheDocument();
    expect(first.getByText('En proceso')).toBeInTheDocument();
    expect(first.getByText('PP-7001-1 | Plan de pagos')).toBeInTheDocument();
    const second = within(bank as HTMLElement);
    expect(second.getByText('5 mar 2026')).toBeInTheDocument();
    expect(second.getByText('Cuenta de cheques •••• 6789')).toBeInTheDocument();
    expect(second.getByText('Aplicado')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 pagos');
  });

  it('words a payment given back', async () => {
    historyService([
      historyItem({ reversal: { status: 'voided', amount: 325, date: '2026-06-12' } }),
      historyItem({
        receiptId: 'R-20260305-0001',
        status: 'applied',
        reversal: { status: 'partially_refunded', amount: 50, date: '2026-11-27' },
      }),
    ]);
    await openPayments();
    const table = await screen.findByRole('table', { name: 'Pagos' });
    expect(within(table).getByText('Anulado')).toBeInTheDocument();
    expect(within(table).getByText('Anulado: $325.00 el 12 jun 2026')).toBeInTheDocument();
    expect(within(table).queryByText('En proceso')).not.toBeInTheDocument();
    expect(within(table).getByText('Reembolsado en parte')).toBeInTheDocument();
    expect(
      within(table).getByText('Reembolsado en parte: $50.00 el 27 nov 2026'),
    ).toBeInTheDocument();
  });

  it('words the range, its result and a reversed range', async () => {
    historyService(mariaHistory, {
      'GET /payments?from=2026-06-01&to=2026-06-30': () => json({ payments: [mariaHistory[0]] }),
    });
    await openPayments('/payments?from=2026-06-01&to=2026-06-30');
    expect(
      await screen.findByText('1 pago entre el 1 jun 2026 y el 30 jun 2026'),
    ).toBeInTheDocument();

    const from = screen.getByLabelText('Desde');
    fireEvent.change(from, { target: { value: '2026-07-01' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mostrar pagos' }));
    expect(from).toHaveAccessibleDescription(
      'La fecha Desde debe ser igual o anterior a la fecha Hasta.',
    );
    expect(screen.getByRole('button', { name: 'Borrar fechas' })).toBeInTheDocument();
  });

  it('words the empty states', async () => {
    historyService([], { 'GET /payments?from=2025-01-01': () => json({ payments: [] }) });
    await openPayments('/payments?from=2025-01-01');
    expect(
      await screen.findByRole('heading', { name: 'No hay pagos en este período' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^No encontramos pagos desde el 1 ene 2025\./)).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Borrar fechas' }));
    expect(
      await screen.findByRole('heading', { name: 'Todavía no hay pagos' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al Panel' })).toBeInTheDocument();
  });

  it('opens a receipt in Spanish, and says so when one cannot be opened', async () => {
    historyService(mariaHistory, {
      'GET /receipts/R-20260612-0002': () => json(cardReceipt({ receiptId: 'R-20260612-0002' })),
      'GET /receipts/R-20260305-0001': () =>
        json({ title: 'No encontrado', status: 404, code: 'RECEIPT_NOT_FOUND', details: [] }, 404),
    });
    await openPayments();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ver el recibo R-20260612-0002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recibo de pago' });
    expect(within(dialog).getByText(/días hábiles/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));

    await user.click(screen.getByRole('button', { name: 'Ver el recibo R-20260305-0001' }));
    expect(
      await screen.findByText(
        'No pudimos abrir el recibo R-20260305-0001. Inténtelo de nuevo en un momento.',
      ),
    ).toBeInTheDocument();
  });
});
