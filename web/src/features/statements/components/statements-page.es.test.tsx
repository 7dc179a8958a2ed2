import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chooseLanguage } from '@/lib/language.ts';
import { maria, storeMariasSession } from '@test/fixtures.ts';
import { fakeService, json, renderApp } from '@test/render-app.tsx';
import {
  mariaStatements,
  statementDetail,
} from '../../../../test/statements/statement-fixtures.ts';

const SERVER_ERROR = { title: 'Internal error', status: 500, code: 'INTERNAL_ERROR', details: [] };

async function openStatements() {
  storeMariasSession();
  return renderApp('/statements');
}

describe('statements page in Spanish', () => {
  beforeEach(() => {
    chooseLanguage('es');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('lists the statements with Spanish columns, statuses, dates and button names', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /statements': () => json({ statements: mariaStatements }),
    });
    await openStatements();
    const table = await screen.findByRole('table', { name: 'Estados de cuenta' });
    expect(document.title).toBe('Estados de cuenta | Canyon Pay');
    expect(screen.getByRole('heading', { name: 'Estados de cuenta', level: 1 })).toBeVisible();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Fecha de emisión',
      'Cuenta',
      'Estado',
      'Fecha de vencimiento',
      'Monto a pagar',
      'Acciones',
    ]);

    const rows = within(table).getAllByRole('row').slice(1);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('1 jun 2026')).toBeInTheDocument();
    expect(first.getByText('26 jun 2026')).toBeInTheDocument();
    expect(first.getByText('Abierto')).toBeInTheDocument();
    expect(first.getByText('$1,865.45')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Vencido')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Pagado')).toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText('Cerrado')).toBeInTheDocument();
    expect(
      first.getByRole('button', { name: 'Ver el estado de cuenta del 1 jun 2026' }),
    ).toBeInTheDocument();
    expect(
      first.getByRole('button', { name: 'Descargar PDF del estado de cuenta del 1 jun 2026' }),
    ).toBeInTheDocument();
  });

  it('says when there are no statements yet', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /statements': () => json({ statements: [] }),
    });
    await openStatements();
    expect(
      await screen.findByRole('heading', { name: 'Todavía no tiene estados de cuenta' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al Panel' })).toHaveAttribute(
      'href',
      '/webpay/dashboard',
    );
  });

  it("opens a statement's detail in Spanish", async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /statements': () => json({ statements: mariaStatements }),
      'GET /statements/st-2026-06': () => json(statementDetail()),
    });
    await openStatements();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Ver el estado de cuenta del 1 jun 2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Estado de cuenta del 1 jun 2026' });
    const lines = await within(dialog).findByRole('table', {
      name: 'Detalle del estado de cuenta',
    });
    expect(within(dialog).getByText('Cuenta 100200300')).toBeInTheDocument();
    expect(within(dialog).getByText('Monto a pagar')).toBeInTheDocument();
    expect(within(lines).getByText('Fecha de servicio: 14 mar 2026')).toBeInTheDocument();
    const rows = within(lines).getAllByRole('row');
    const totals = within(rows[3] as HTMLElement);
    expect(totals.getByRole('rowheader', { name: 'Totales' })).toBeInTheDocument();
    expect(totals.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Cargos$2,810.45',
      'Pagos$1,000.00',
      'Ajustes$255.45',
      'Saldo$1,555.00',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('compares the statement with the Panel in Spanish', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /statements': () => json({ statements: mariaStatements }),
      'GET /statements/st-2026-06': () => json(statementDetail()),
    });
    await openStatements();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Ver el estado de cuenta del 1 jun 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Estado de cuenta del 1 jun 2026' });
    const comparison = await within(dialog).findByRole('region', {
      name: 'Cómo se compara este estado de cuenta con su Panel',
    });
    expect(
      within(comparison).getByText(
        'Este estado de cuenta muestra sus saldos al 1 jun 2026. Su Panel muestra lo que debe pagar hoy, 20 jun 2026.',
      ),
    ).toBeInTheDocument();
    expect(
      within(comparison)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    ).toEqual([
      ['Monto a pagar de este estado de cuenta', '$1,555.00'],
      ['En planes de pagos, que se cubren con los pagos mensuales de cada plan', '-$1,250.00'],
      ['Pagos de planes a pagar ahora, incluidos los montos atrasados', '+$150.00'],
      ['Cambios desde el estado de cuenta: cargos nuevos, ajustes y pagos aplicados', '-$5.00'],
      ['A pagar ahora según su Panel (Hospitales y clínicas)', '$450.00'],
    ]);
    expect(
      within(comparison).getByText(
        'Recibimos $50.00 en pagos hechos después del 1 jun 2026. Ese monto está en proceso y todavía no se descuenta de los montos anteriores.',
      ),
    ).toBeInTheDocument();
  });

  it('says so in Spanish when a statement cannot be loaded', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /statements': () => json({ statements: mariaStatements }),
      'GET /statements/st-2026-05': () => json(SERVER_ERROR, 500),
    });
    await openStatements();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Ver el estado de cuenta del 1 may 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Estado de cuenta del 1 may 2026' });
    expect(await within(dialog).findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'No pudimos cargar este estado de cuenta.',
    );
    expect(within(dialog).getByRole('button', { name: 'Intentar de nuevo' })).toBeEnabled();
  }, 15_000);

  it('saves the PDF under a Spanish name and toasts a failure in Spanish', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:webpay/1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /statements': () => json({ statements: mariaStatements }),
      'GET /statements/st-2026-05/pdf': () =>
        new Response(new TextEncoder().encode('%PDF-1.7'), {
          headers: { 'Content-Type': 'application/pdf' },
        }),
      'GET /statements/st-2026-06/pdf': () => json(SERVER_ERROR, 500),
    });
    await openStatements();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'Descargar PDF del estado de cuenta del 1 may 2026',
      }),
    );
    await waitFor(() => expect(saved).toEqual(['estado-de-cuenta-2026-05-01.pdf']));

    await user.click(
      screen.getByRole('button', { name: 'Descargar PDF del estado de cuenta del 1 jun 2026' }),
    );
    expect(
      await screen.findByText(
        'No pudimos descargar su estado de cuenta del 1 jun 2026. Inténtelo de nuevo en un momento.',
      ),
    ).toBeInTheDocument();
  });
});
