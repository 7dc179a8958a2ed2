import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { Case } from '@webpay/contracts/assistance-application';
import { chooseLanguage } from '@/lib/language.ts';
import { fakeOfficeService, json, renderOffice } from '@test/office/office-service.tsx';
import { assistanceCase } from '../testing/fixtures.ts';

const CASE_PATH = '/financial-assistance/FA-7K2M9QXD';
const STUB = '0b0f5b8e-8d1c-4a43-9a4e-0f3b8f6b1a01';

function serveCase(application: Case, more: Parameters<typeof fakeOfficeService>[0] = {}) {
  return fakeOfficeService({ [`GET ${CASE_PATH}`]: () => json(application), ...more });
}

const region = (name: string) => screen.getByRole('region', { name });

describe('a financial assistance case', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  // Sonner keeps its toasts between tests and shows them again to the next one's page.
  afterEach(() => {
    toast.dismiss();
  });

  it('shows a reviewer the answers, the assessment, the accounts, the documents and the actions', async () => {
    serveCase(assistanceCase());
    await renderOffice('/financial-assistance/FA-7K2M9QXD', 'supervisor');
    expect(
      await screen.findByRole('heading', { name: 'Application FA-7K2M9QXD', level: 1 }),
    ).toBeInTheDocument();

    const summary = region('Summary');
    expect(summary).toHaveTextContent('In review');
    expect(within(summary).getByRole('link', { name: 'María García' })).toHaveAttribute(
      'href',
      '/office/guarantors/g-1',
    );
    expect(summary).toHaveTextContent('Active: collection, notices and reminders are paused');

    const incomes = within(region('Answers')).getByRole('table', {
      name: 'Incomes of María García',
    });
    const [, wages] = within(incomes).getAllByRole('row');
    expect(wages).toHaveTextContent('Wages');
    expect(wages).toHaveTextContent('$1,538.46');
    expect(wages).toHaveTextContent('Every two weeks');
    expect(wages).toHaveTextContent('$39,999.96');
    expect(region('Answers')).toHaveTextContent(
      'José García · Spouse · Proof of income: Attests to no income',
    );
    expect(region('Answers')).toHaveTextContent('Lost hours at work after the surgery.');

    const assessment = region('Assessment');
    expect(assessment).toHaveTextContent('2026 poverty guideline$33,000.00');
    expect(assessment).toHaveTextContent('Of the poverty guideline121%');
    expect(assessment).toHaveTextContent('Up to 200%: 100% off');
    expect(assessment).toHaveTextContent('Presumptive categoriesSNAP');
    expect(region('Signature')).toHaveTextContent('203.0.113.7');

    const [, account] = within(region('Accounts')).getAllByRole('row');
    expect(account).toHaveTextContent('$15,000.00');
    expect(account).toHaveTextContent('$2,500.00');
    expect(account).toHaveTextContent('$12,500.00');

    const documents = region('Documents');
    expect(within(documents).getByRole('button', { name: 'View pay-stub.pdf' })).toBeEnabled();
    expect(within(documents).getByRole('button', { name: 'Accept pay-stub.pdf' })).toBeEnabled();
    expect(within(documents).getByRole('button', { name: 'Reject pay-stub.pdf' })).toBeEnabled();
    expect(within(documents).getAllByRole('button')).toHaveLength(3);
    expect(documents).toHaveTextContent('Outstanding');

    expect(region('Timeline')).toHaveTextContent('Dana Whitfield · Status');
    expect(region('Timeline')).toHaveTextContent('Moved to In review');

    const actions = screen.getByRole('group', { name: 'Actions on this application' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Request information', 'Approve', 'Deny', 'Send message']);
  });

  it('shows the others the case read-only: no document to view, no action', async () => {
    serveCase(assistanceCase({ canReview: false }));
    await renderOffice('/financial-assistance/FA-7K2M9QXD', 'viewer');
    const documents = await screen.findByRole('region', { name: 'Documents' });
    expect(documents).toHaveTextContent('Documents are shown to reviewers only.');
    expect(documents).toHaveTextContent('pay-stub.pdf');
    expect(within(documents).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('group', { name: 'Actions on this application' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('opens a document in a new tab through its short-lived link', async () => {
    const { calls } = serveCase(assistanceCase(), {
      [`POST ${CASE_PATH}/documents/${STUB}/link`]: () =>
        json({
          url: '/api/v1/office/financial-assistance/file?token=tok-1',
          expiresAt: '2026-11-27T16:02:00.000Z',
        }),
    });
    const tab = { opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    await renderOffice('/financial-assistance/FA-7K2M9QXD', 'supervisor');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View pay-stub.pdf' }));
    await waitFor(() =>
      expect(tab.location.href).toBe('/api/v1/office/financial-assistance/file?token=tok-1'),
    );
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `${CASE_PATH}/documents/${STUB}/link`,
    ]);
  });

  it('closes the tab and says why when the link is refused', async () => {
    serveCase(assistanceCase(), {
      [`POST ${CASE_PATH}/documents/${STUB}/link`]: () =>
        json(
          { title: 'Forbidden', status: 403, code: 'FORBIDDEN', details: ['Reviewers only.'] },
          403,
        ),
    });
    const tab = { opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    await renderOffice('/financial-assistance/FA-7K2M9QXD', 'supervisor');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View pay-stub.pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Reviewers only.');
    expect(tab.close).toHaveBeenCalled();
  });

  it('rejects a document only with a reason, and reads the case again', async () => {
    let application = assistanceCase();
    const { calls } = fakeOfficeService({
      [`GET ${CASE_PATH}`]: () => json(application),
      [`POST ${CASE_PATH}/documents/${STUB}/review`]: () => {
        application = assistanceCase({
          documents: application.documents.map((document) =>
            document.id === STUB
              ? {
                  ...document,
                  status: 'rejected',
                  rejectReason: 'Unreadable',
                  reviewedBy: 'Lee Moreno',
                }
              : document,
          ),
        });
        return json({});
      },
    });
    await renderOffice('/financial-assistance/FA-7K2M9QXD', 'supervisor');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject pay-stub.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the document' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      'Reason is required',
    );
    await user.type(within(dialog).getByLabelText('Reason'), 'Unreadable');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('The document is rejected.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(region('Documents')).toHaveTextContent('Reviewed by Lee Moreno');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      accepted: false,
      reason: 'Unreadable',
    });
  });

  it('starts the review once confirmed', async () => {
    let application = assistanceCase({ status: 'submitted' });
    const { calls } = fakeOfficeService({
      [`GET ${CASE_PATH}`]: () => json(application),
      [`POST ${CASE_PATH}/review`]: () => {
        application = assistanceCase({ status: 'in_review' });
        return json({});
      },
    });
    await renderOffice('/financial-assistance/FA-7K2M9QXD', 'supervisor');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start review' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start the review?' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Start review' }));
    expect(await screen.findByText('The review has started.')).toBeInTheDocument();
    await waitFor(() => expect(region('Summary')).toHaveTextContent('In review'));
    expect(screen.queryByRole('button', { name: 'Start review' })).toBeNull();
  });

  it('lists the letters sent, each opening to be read', async () => {
    serveCase(
      assistanceCase({
        status: 'need_information',
        letters: [
          {
            id: '5a0f5b8e-8d1c-4a43-9a4e-0f3b8f6b1a09',
            kind: 'incomplete',
            language: 'es',
            subject: 'Necesitamos más información',
            body: 'Envíe sus talones de pago.',
            sentAt: '2026-11-22T15:00:00.000Z',
          },
        ],
      }),
    );
    await renderOffice('/financial-assistance/FA-7K2M9QXD', 'viewer');
    const user = userEvent.setup();
    const letters = await screen.findByRole('region', { name: 'Letters sent' });
    const body = within(letters).getByText('Envíe sus talones de pago.');
    expect(body).not.toBeVisible();
    await user.click(within(letters).getByText(/^Information needed, sent/));
    expect(body).toBeVisible();
  });

  it("names an approval's refund requests, each opening its payment on the desk", async () => {
    serveCase(
      assistanceCase({
        status: 'approved',
        hold: { active: false, keepPaying: false, releasedAt: null, releaseReason: null },
        decision: {
          discountPercent: 100,
          totalAdjustmentCents: 1_250_000,
          refundCents: 25_000,
          reason: null,
        },
        refunds: [
          {
            reversalId: 'rv-1',
            reference: 'RV-7K2M9QXD',
            paymentId: 'p-1',
            receiptId: 'R-100200',
            kind: 'return',
            status: 'awaiting_approval',
            amountCents: 25_000,
          },
        ],
      }),
    );
    await renderOffice('/financial-assistance/FA-7K2M9QXD', 'viewer');
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('Refund requested: $250.00');
    expect(summary).toHaveTextContent('Refund requests on the payment desk');
    expect(summary).toHaveTextContent('RV-7K2M9QXD · Awaiting approval');
    expect(summary).toHaveTextContent('$250.00 of payment R-100200');
    expect(within(summary).getByRole('link', { name: 'RV-7K2M9QXD' })).toHaveAttribute(
      'href',
      '/office/payments/p-1',
    );
  });

  describe('what the refund requests could not cover', () => {
    const approved = (refundShortCents: number, refunds: Case['refunds']) =>
      assistanceCase({
        status: 'approved',
        hold: { active: false, keepPaying: false, releasedAt: null, releaseReason: null },
        decision: {
          discountPercent: 100,
          totalAdjustmentCents: 1_250_000,
          refundCents: 25_000,
          reason: null,
        },
        refunds,
        refundShortCents,
      });
    const request: Case['refunds'][number] = {
      reversalId: 'rv-1',
      reference: 'RV-7K2M9QXD',
      paymentId: 'p-1',
      receiptId: 'R-100200',
      kind: 'return',
      status: 'awaiting_approval',
      amountCents: 17_550,
    };
    const summaryOf = async (application: Case) => {
      serveCase(application);
      await renderOffice(CASE_PATH, 'viewer');
      return screen.findByRole('region', { name: /^(Summary|Resumen)$/ });
    };

    it('says beside the requests what is left to refund from the payment desk', async () => {
      const summary = await summaryOf(approved(7_450, [request]));
      expect(summary).toHaveTextContent('$175.50 of payment R-100200');
      expect(
        within(summary).getByText(
          '$74.50 could not be requested automatically: refund it from the payment desk.',
        ),
      ).toBeVisible();
    });

    it('says it when no payment could give anything back', async () => {
      const summary = await summaryOf(approved(25_000, []));
      expect(summary).toHaveTextContent('Refund requests on the payment desk');
      expect(summary).toHaveTextContent(
        '$250.00 could not be requested automatically: refund it from the payment desk.',
      );
    });

    it('says nothing when the requests cover the refund', async () => {
      const summary = await summaryOf(approved(0, [{ ...request, amountCents: 25_000 }]));
      expect(summary).toHaveTextContent('$250.00 of payment R-100200');
      expect(summary).not.toHaveTextContent('could not be requested');
    });

    it('is worded in Spanish when the console is read in Spanish', async () => {
      chooseLanguage('es');
      const summary = await summaryOf(approved(7_450, [request]));
      expect(summary).toHaveTextContent(
        'No se pudo solicitar automáticamente el reembolso de $74.50: reembólselo desde la caja de pagos.',
      );
    });
  });

  describe('what the office asked the guarantor for', () => {
    const ITEMS = ['Two recent pay stubs for María', 'A letter from José’s former employer'];
    const baseEvents = assistanceCase().events;
    const asked: Case['events'][number] = {
      at: '2026-11-22T15:00:00.000Z',
      kind: 'status',
      status: 'need_information',
      author: 'office',
      text: ITEMS.join('\n'),
      staffName: 'Dana Whitfield',
    };
    const summaryOf = async (application: Case) => {
      serveCase(application);
      await renderOffice(CASE_PATH, 'reviewer');
      await screen.findByRole('heading', { name: 'Application FA-7K2M9QXD', level: 1 });
      return region('Summary');
    };

    it('is listed with its due date while the application waits for it', async () => {
      const summary = await summaryOf(
        assistanceCase({
          status: 'need_information',
          requestedItems: ITEMS,
          informationDueOn: '2026-12-22',
          events: [...baseEvents, asked],
        }),
      );
      expect(summary).toHaveTextContent('Need more information');
      const items = within(summary).getByRole('list');
      expect(
        within(items)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(ITEMS);
      expect(summary).toHaveTextContent('Information requested');
      expect(summary).toHaveTextContent(/Due date\s*Dec 22, 2026/);
    });

    it.each([
      ['back in review once the guarantor answered', 'in_review', null],
      ['denied without waiting for it', 'denied', '2026-12-22'],
    ] as const)(
      'is no longer listed when the application is %s, and stays in the timeline',
      async (_, status, informationDueOn) => {
        const answered: Case['events'][number] = {
          at: '2026-11-24T15:00:00.000Z',
          kind: 'status',
          status,
          author: status === 'in_review' ? 'guarantor' : 'office',
          text: null,
          staffName: status === 'in_review' ? null : 'Dana Whitfield',
        };
        // As the service sends it: the last request's items stay on the application.
        const summary = await summaryOf(
          assistanceCase({
            status,
            requestedItems: ITEMS,
            informationDueOn,
            events: [...baseEvents, asked, answered],
          }),
        );
        expect(summary).not.toHaveTextContent('Information requested');
        expect(summary).not.toHaveTextContent('Due date');
        for (const item of ITEMS) expect(summary).not.toHaveTextContent(item);
        expect(within(summary).queryByRole('list')).toBeNull();
        const timeline = region('Timeline');
        expect(timeline).toHaveTextContent('Moved to Need more information');
        for (const item of ITEMS) expect(timeline).toHaveTextContent(item);
      },
    );
  });
});
