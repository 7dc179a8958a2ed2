import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPLICATION_STATUSES } from '@webpay/contracts/assistance-application';
import { maria, storeMariasSession } from '@test/fixtures.ts';
import { fakeService, json, renderApp } from '@test/render-app.tsx';
import { chooseLanguage } from '@/lib/language.ts';
import { surgery, tracker } from '../testing/assistance-fixtures.ts';

const PATH = '/financial-assistance/applications/FA-7K2M9Q';
const OUTSTANDING = '5b1f6c1e-8a43-4f7e-9d55-2a0c7f3e9b10';

function service(answer = tracker(), extra: Record<string, () => Response> = {}) {
  return fakeService({
    'GET /auth/me': () => json(maria),
    [`GET ${PATH}`]: () => json(answer),
    ...extra,
  });
}

const needInformation = tracker({
  status: 'need_information',
  requestedItems: ['Your last two pay stubs'],
  informationDueOn: '2026-12-20',
  documents: [
    {
      id: OUTSTANDING,
      memberIndex: 0,
      kind: 'income',
      status: 'outstanding',
      fileName: null,
      contentType: null,
      sizeBytes: null,
      receivedAt: null,
      rejectReason: null,
    },
  ],
  timeline: [
    {
      at: '2026-11-20T15:04:00.000Z',
      kind: 'status',
      status: 'submitted',
      author: 'guarantor',
      text: null,
    },
    {
      at: '2026-11-22T15:04:00.000Z',
      kind: 'message',
      status: null,
      author: 'office',
      text: 'Please send your pay stubs.',
    },
  ],
});

describe('the application tracker', () => {
  beforeEach(() => {
    storeMariasSession();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it.each([
    ['submitted', 'Status: Submitted, step 1 of 3.'],
    ['in_review', 'Status: In review, step 2 of 3.'],
    ['need_information', 'Status: Need more information, step 3 of 4.'],
    ['approved', 'Status: Approved, step 3 of 3.'],
    ['denied', 'Status: Denied, step 3 of 3.'],
  ] as const)('says "%s" as one sentence', async (status, sentence) => {
    expect(APPLICATION_STATUSES).toContain(status);
    service(tracker({ status }));
    await renderApp(PATH);
    expect(await screen.findByText(sentence)).toBeInTheDocument();
  });

  it('puts what the office asked for and its due date first, with an upload and a reply', async () => {
    const { calls } = service(needInformation, {
      [`POST ${PATH}/documents?memberIndex=0&kind=income&fileName=stub.png&documentId=${OUTSTANDING}`]:
        () =>
          json({ ...needInformation.documents[0], status: 'received', fileName: 'stub.png' }, 201),
      [`POST ${PATH}/reply`]: () => json(tracker({ status: 'in_review' })),
    });
    const user = userEvent.setup();
    await renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'We need more information' })).toBeVisible();
    expect(screen.getByText('Your last two pay stubs')).toBeVisible();
    expect(screen.getByText('Send it by Dec 20, 2026.')).toBeVisible();
    expect(screen.getByText(/^The billing office · /)).toBeVisible();
    expect(screen.getByText('Please send your pay stubs.')).toBeVisible();

    await user.upload(
      screen.getByLabelText('Choose a photo or PDF: Proof of income for Maria Garcia'),
      new File(['png'], 'stub.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send this document' }));
    await waitFor(() => expect(calls.some((call) => call.path.includes('/documents?'))).toBe(true));
    const upload = calls.find((call) => call.path.includes('/documents?'));
    expect(upload?.headers.get('Content-Type')).toBe('image/png');

    await user.type(
      screen.getByRole('textbox', { name: 'Message to the billing office (optional)' }),
      'Sent both.',
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((call) => call.path === `${PATH}/reply`)).toBe(true));
    expect(calls.find((call) => call.path === `${PATH}/reply`)?.body).toEqual({
      text: 'Sent both.',
    });
  });

  it("shows an approval's adjustment as pending, the new balance, and the letter to print", async () => {
    service(
      tracker({
        status: 'approved',
        accounts: [{ ...surgery, adjustmentCents: 100_000, adjustmentStatus: 'pending' }],
        hold: {
          active: false,
          keepPaying: false,
          releasedAt: '2026-11-25T15:04:00.000Z',
          releaseReason: 'decided',
        },
        decision: {
          discountPercent: 80,
          totalAdjustmentCents: 100_000,
          refundCents: 0,
          reason: null,
        },
        letters: [
          {
            id: '0c1f6c1e-8a43-4f7e-9d55-2a0c7f3e9b10',
            kind: 'approval',
            language: 'en',
            subject: 'Your financial assistance was approved',
            body: 'Dear Maria Garcia, ...',
            sentAt: '2026-11-25T15:04:00.000Z',
          },
        ],
      }),
    );
    const user = userEvent.setup();
    await renderApp(PATH);
    expect(await screen.findByText('Approved: 80% off.')).toBeVisible();
    expect(screen.getByText('Pending')).toBeVisible();
    expect(screen.getByText('$250.00')).toBeVisible();
    expect(
      screen.getByText(/The pause ended on Nov 25, 2026: a decision was made\./),
    ).toBeVisible();
    await user.click(screen.getByText('Your financial assistance was approved'));
    expect(screen.getByText('Dear Maria Garcia, ...')).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Print “Your financial assistance was approved”' }),
    ).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Message to the billing office' })).toBeNull();
  });

  it('offers a message box while open, and reads in Spanish', async () => {
    chooseLanguage('es');
    service(tracker({ status: 'in_review' }));
    await renderApp(PATH);
    expect(await screen.findByText('Estado: En revisión, paso 2 de 3.')).toBeInTheDocument();
    expect(
      screen.getByRole('textbox', { name: 'Mensaje para la oficina de facturación' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Sus pagos automáticos y los pagos de su plan están detenidos hasta que se tome una decisión.',
      ),
    ).toBeVisible();
  });
});

describe('the dashboard card', () => {
  beforeEach(() => storeMariasSession());

  it('links to the latest application with its status', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /encounters': () => json({ encounters: [], paymentPlans: [] }),
      'GET /financial-assistance/applications': () =>
        json({
          canApply: false,
          assetTest: false,
          openAccounts: [],
          applicantName: 'Maria Garcia',
          applications: [
            {
              reference: 'FA-7K2M9Q',
              status: 'need_information',
              submittedAt: '2026-11-20T15:04:00.000Z',
              updatedAt: '2026-11-22T15:04:00.000Z',
              totalBalanceCents: 125_000,
            },
          ],
        }),
    });
    await renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'View application FA-7K2M9Q' })).toHaveAttribute(
      'href',
      `/webpay${PATH}`,
    );
    expect(screen.getByText('Status: Need more information')).toBeVisible();
  });
});
