import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStoredSession } from '@/lib/session-storage.ts';
import { claimsFor, maria, tokenFor } from '@test/fixtures.ts';
import { fakeService, json, renderApp } from '@test/render-app.tsx';
import {
  mariaStatements,
  statementDetail,
} from '../../../../test/statements/statement-fixtures.ts';

const SERVER_ERROR = { title: 'Internal error', status: 500, code: 'INTERNAL_ERROR', details: [] };

async function openStatements() {
  const claims = claimsFor();
  const token = tokenFor(claims);
  writeStoredSession({ token, expiresAt: Date.now() + 600_000, user: maria, claims });
  return { ...(await renderApp('/statements')), token };
}

function pdfResponse(): Response {
  return new Response(new TextEncoder().encode('%PDF-1.7 statement'), {
    headers: { 'Content-Type': 'application/pdf' },
  });
}

/** Captures what the page saves instead of letting jsdom try to navigate. */
function captureSavedFiles() {
  const saved: { name: string; url: string }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:webpay/${blobs.size + 1}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, url: this.href });
  });
  return { saved, blobs };
}

describe('statements page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('lists the statements newest first with date, account, status in words, due date and amount', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /statements': () => json({ statements: mariaStatements }),
    });
    await openStatements();
    const table = await screen.findByRole('table', { name: 'Statements' });
    expect(document.title).toBe('Statements | Canyon Pay');
    expect(screen.getByRole('heading', { name: 'Statements', level: 1 })).toBeInTheDocument();

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Statement Date',
      'Account',
      'Status',
      'Due Date',
      'Amount Due',
      'Actions',
    ]);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Statement DateJun 1, 2026',
      'Statement DateMay 1, 2026',
      'Statement DateApr 1, 2026',
      'Statement DateMar 1, 2026',
    ]);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('100200300')).toBeInTheDocument();
    expect(first.getByText('Open')).toBeInTheDocument();
    expect(first.getByText('Jun 26, 2026')).toBeInTheDocument();
    expect(first.getByText('$1,865.45')).toHaveClass('tabular-nums');
    expect(within(rows[1] as HTMLElement).getByText('Past Due')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText('Closed')).toBeInTheDocument();
    expect(
      first.getByRole('button', { name: 'View statement of Jun 1, 2026' }),
    ).toBeInTheDocument();
    expect(
      first.getByRole('button', { name: 'Download PDF of the statement of Jun 1, 2026' }),
    ).toBeInTheDocument();
  });

  it('says when there are no statements yet', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /statements': () => json({ statements: [] }),
    });
    await openStatements();
    expect(await screen.findByRole('heading', { name: 'No statements yet' })).toBeInTheDocument();
    expect(
      screen.getByText(/We send a statement each month you have a balance/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/webpay/dashboard',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error screen and recovers on Try Again', async () => {
    let fail = true;
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /statements': () =>
        fail ? json(SERVER_ERROR, 500) : json({ statements: mariaStatements }),
    });
    await openStatements();
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Statements' })).toBeInTheDocument();
  }, 15_000);

  it("opens a statement's lines and totals, and gives focus back to View on close", async () => {
    const { calls } = fakeService({
      'GET /auth/me': () => json(maria),
      'GET /statements': () => json({ statements: mariaStatements }),
      'GET /statements/st-2026-06': () => json(statementDetail()),
    });
    await openStatements();
    const user = userEvent.setup();
    const view = await screen.findByRole('button', { name: 'View statement of Jun 1, 2026' });
    expect(calls.filter((call) => call.path.startsWith('/statements/'))).toEqual([]);
    await user.click(view);

    const dialog = await screen.findByRole('dialog', { name: 'Statement of Jun 1, 2026' });
    const lines = await within(dialog).findByRole('table', { name: 'Statement lines' });
    expect(within(dialog).getByText('Account 100200300')).toBeInTheDocument();
    const rows = within(lines).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const first = within(rows[1] as HTMLElement);
    expect(first.getByText('Emergency department visit')).toBeInTheDocument();
    expect(first.getByText('107-40010001 · Maria Garcia')).toBeInTheDocument();
    expect(first.getByText('Service date Mar 14, 2026')).toBeInTheDocument();
    expect(first.getByText('$2,400.00')).toBeInTheDocument();
    expect(first.getByText('$900.00')).toBeInTheDocument();
    expect(first.getByText('$250.00')).toBeInTheDocument();
    expect(first.getByText('$1,250.00')).toBeInTheDocument();

    const totals = within(rows[3] as HTMLElement);
    expect(totals.getByRole('rowheader', { name: 'Totals' })).toBeInTheDocument();
    expect(totals.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Charges$2,810.45',
      'Payments$1,000.00',
      'Adjustments$255.45',
      'Balance$1,555.00',
    ]);
    // The detail's own figures replace the row's once loaded.
    expect(within(dialog).getByText('$1,555.00', { selector: '.text-lg' })).toBeInTheDocument();
    expect(
      calls.filter((call) => call.path.startsWith('/statements/')).map((call) => call.path),
    ).toEqual(['/statements/st-2026-06']);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view).toHaveFocus();
  });

  describe('comparison with the dashboard (decision 0010)', () => {
    async function openComparison(detail = statementDetail()) {
      fakeService({
        'GET /auth/me': () => json(maria),
        'GET /statements': () => json({ statements: mariaStatements }),
        'GET /statements/st-2026-06': () => json(detail),
      });
      await openStatements();
      await userEvent
        .setup()
        .click(await screen.findByRole('button', { name: 'View statement of Jun 1, 2026' }));
      const dialog = await screen.findByRole('dialog', { name: 'Statement of Jun 1, 2026' });
      return within(dialog).findByRole('region', {
        name: 'How this statement compares with your dashboard',
      });
    }

    const linesOf = (comparison: HTMLElement) =>
      within(comparison)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

    it('runs from the amount due to what the dashboard asks for, and names payments in process', async () => {
      const comparison = await openComparison();
      expect(
        within(comparison).getByText(
          'This statement shows your balances on Jun 1, 2026. Your dashboard shows what is due today, Jun 20, 2026.',
        ),
      ).toBeInTheDocument();
      expect(linesOf(comparison)).toEqual([
        ['Amount due on this statement', '$1,555.00'],
        ["In payment plans, paid through the plans' monthly payments", '-$1,250.00'],
        ['Plan payments due now, overdue amounts included', '+$150.00'],
        ['Changes since the statement: new charges, adjustments and payments applied', '-$5.00'],
        ['Due now on your dashboard (Hospitals & Clinics)', '$450.00'],
      ]);
      expect(
        within(comparison).getByText(
          'We have received $50.00 in payments made after Jun 1, 2026. That amount is being processed and is not yet subtracted from the amounts above.',
        ),
      ).toBeInTheDocument();
    });

    it('shows only the two amounts when nothing lies between them', async () => {
      const square = statementDetail();
      const comparison = await openComparison({
        ...square,
        reconciliation: {
          ...square.reconciliation,
          inPaymentPlans: 0,
          planPaymentsDue: 0,
          otherChanges: 0,
          dueNow: 1555,
          paymentsInProcess: 0,
        },
      });
      expect(linesOf(comparison)).toEqual([
        ['Amount due on this statement', '$1,555.00'],
        ['Due now on your dashboard (Hospitals & Clinics)', '$1,555.00'],
      ]);
      expect(within(comparison).queryByText(/We have received/)).not.toBeInTheDocument();
    });
  });

  it('says so in the dialog when a statement cannot be loaded, and retries', async () => {
    let fail = true;
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /statements': () => json({ statements: mariaStatements }),
      'GET /statements/st-2026-05': () =>
        fail ? json(SERVER_ERROR, 500) : json(statementDetail({ id: 'st-2026-05' })),
    });
    await openStatements();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View statement of May 1, 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statement of May 1, 2026' });
    expect(await within(dialog).findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'We could not load this statement.',
    );
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(
      await within(dialog).findByRole('table', { name: 'Statement lines' }),
    ).toBeInTheDocument();
  }, 15_000);

  it('downloads the PDF with the session headers and saves it as statement-YYYY-MM-DD.pdf', async () => {
    const { calls } = fakeService({
      'GET /auth/me': () => json(maria),
      'GET /statements': () => json({ statements: mariaStatements }),
      'GET /statements/st-2026-05/pdf': () => pdfResponse(),
    });
    const { saved, blobs } = captureSavedFiles();
    const { token } = await openStatements();
    await userEvent
      .setup()
      .click(
        await screen.findByRole('button', { name: 'Download PDF of the statement of May 1, 2026' }),
      );

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('statement-2026-05-01.pdf');
    const pdf = blobs.get(saved[0]?.url ?? '');
    expect(new TextDecoder().decode(await pdf?.arrayBuffer())).toMatch(/^%PDF/);

    const call = calls.find((entry) => entry.path === '/statements/st-2026-05/pdf');
    expect(call?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(call?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(call?.headers.get('Accept')).toBe('application/pdf');
  });

  it('toasts when the PDF cannot be downloaded', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /statements': () => json({ statements: mariaStatements }),
      'GET /statements/st-2026-06/pdf': () => json(SERVER_ERROR, 500),
    });
    const { saved } = captureSavedFiles();
    await openStatements();
    const button = await screen.findByRole('button', {
      name: 'Download PDF of the statement of Jun 1, 2026',
    });
    await userEvent.setup().click(button);
    expect(
      await screen.findByText(
        'We could not download your statement of Jun 1, 2026. Please try again in a moment.',
      ),
    ).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    expect(button).not.toHaveAttribute('aria-busy');
  });
});
