import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import { encounter, maria, mariaEncounters, storeMariasSession } from '@test/fixtures.ts';
import { fakeService, json, renderApp, type FakeCall } from '@test/render-app.tsx';
import { chooseLanguage } from '@/lib/language.ts';
import { noApplications, tracker } from '../testing/assistance-fixtures.ts';

const SUBMIT = 'POST /financial-assistance/applications';
const TRACKER = 'GET /financial-assistance/applications/FA-7K2M9Q';
const PAYSTUB =
  'POST /financial-assistance/applications/FA-7K2M9Q/documents?memberIndex=0&kind=income&fileName=paystub.pdf';
const uploads = (calls: FakeCall[]) =>
  calls.filter((call) =>
    call.path.startsWith('/financial-assistance/applications/FA-7K2M9Q/documents'),
  );

function service(overrides: Record<string, (call: FakeCall) => Response> = {}) {
  return fakeService({
    'GET /auth/me': () => json(maria),
    'GET /encounters': () => json(mariaEncounters),
    'GET /financial-assistance/applications': () => json(noApplications),
    [SUBMIT]: () => json(tracker(), 201),
    [TRACKER]: () => json(tracker()),
    ...overrides,
  });
}

/** The item at `index`, which the test knows is there. */
function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Next' }));
const heading = (name: string) => screen.findByRole('heading', { name, level: 2 });

/** Accounts as they come, Maria alone, her wages of $500.00 every two weeks. */
async function throughIncome(user: UserEvent) {
  await heading('Accounts');
  await next(user);
  await heading('Household');
  await next(user);
  await heading('Income');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'Wages or salary');
  await user.type(screen.getByRole('textbox', { name: 'Amount each time' }), '500');
  await user.selectOptions(screen.getByRole('combobox', { name: 'How often' }), 'Every two weeks');
}

async function throughSituation(user: UserEvent) {
  await next(user);
  await heading('Your situation');
  await user.click(screen.getByRole('radio', { name: 'No' }));
  await next(user);
  await heading('Documents');
}

/** From the first step to the review, every document left to send later. */
async function toReviewSendingLater(user: UserEvent) {
  await throughIncome(user);
  await throughSituation(user);
  await user.click(screen.getByRole('checkbox', { name: 'Send later' }));
  await next(user);
  await heading('Review and sign');
}

describe('applying for financial assistance (/financial-assistance/apply)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    storeMariasSession();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('checks every account with a balance, and needs at least one', async () => {
    service();
    const user = userEvent.setup();
    await renderApp('/financial-assistance/apply');
    expect(
      await screen.findByRole('heading', { name: 'Apply for financial assistance', level: 1 }),
    ).toBeVisible();
    expect(await screen.findByText('Step 1 of 6')).toBeVisible();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    for (const box of boxes) expect(box).toBeChecked();
    expect(screen.getByText('$1,605.65')).toBeVisible();
    for (const box of boxes) await user.click(box);
    await next(user);
    expect(screen.getByText('Choose at least one account')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the answers marked below.');
    expect(screen.getByRole('heading', { name: 'Accounts', level: 2 })).toBeVisible();
  });

  it('keeps each balance on the right of its account, never wrapped under it', async () => {
    service();
    await renderApp('/financial-assistance/apply');
    await heading('Accounts');
    // jsdom lays nothing out: what keeps the balance beside the name is a row that does not wrap.
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.length).toBeGreaterThan(1);
    for (const box of boxes) {
      const row = box.closest('label')?.querySelector(':scope > span');
      expect(row).not.toHaveClass('flex-wrap');
      expect(row?.lastElementChild).toHaveClass('shrink-0', 'text-right');
    }
  });

  it('starts the household with Maria, and asks the name and relationship of each person added', async () => {
    service();
    const user = userEvent.setup();
    await renderApp('/financial-assistance/apply');
    await heading('Accounts');
    await next(user);
    await heading('Household');
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Maria Garcia');
    await user.click(screen.getByRole('button', { name: 'Add a person' }));
    expect(screen.getByText('2 people in your household')).toBeVisible();
    await next(user);
    expect(screen.getByText('Enter the full name')).toBeVisible();
    expect(screen.getByText('Choose how this person is related to you')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove Person 2' }));
    await next(user);
    expect(await heading('Income')).toBeVisible();
  });

  it('shows the yearly total as incomes are typed, and needs an income or "I have no income"', async () => {
    service();
    const user = userEvent.setup();
    await renderApp('/financial-assistance/apply');
    await heading('Accounts');
    await next(user);
    await heading('Household');
    await next(user);
    await heading('Income');
    await next(user);
    expect(screen.getByText('Choose where this income comes from')).toBeVisible();
    expect(screen.getByText('Enter the amount received each time')).toBeVisible();
    await throughIncomeFields(user);
    expect(screen.getByText('Household income per year: $13,000.00')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add income' }));
    const amounts = screen.getAllByRole('textbox', { name: 'Amount each time' });
    await user.type(nth(amounts, 1), '1200');
    const sources = screen.getAllByRole('combobox', { name: 'Source' });
    await user.selectOptions(nth(sources, 1), 'Child support or alimony');
    await user.selectOptions(
      nth(screen.getAllByRole('combobox', { name: 'How often' }), 1),
      'Once a year',
    );
    expect(screen.getByText('Household income per year: $14,200.00')).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: 'I have no income' }));
    expect(screen.queryByRole('textbox', { name: 'Amount each time' })).toBeNull();
    expect(screen.getByText('Household income per year: $0.00')).toBeVisible();
    await next(user);
    expect(await heading('Your situation')).toBeVisible();
  });

  it('refuses a file of another type or over 10 MB, and needs a file or "Send later"', async () => {
    service();
    const user = userEvent.setup({ applyAccept: false });
    await renderApp('/financial-assistance/apply');
    await throughIncome(user);
    await throughSituation(user);
    await next(user);
    expect(screen.getByText('Choose a photo or PDF, or choose Send later')).toBeVisible();
    const input = screen.getByLabelText('Choose a photo or PDF');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,application/pdf');
    expect(input).not.toHaveAttribute('capture');
    await user.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(screen.getByText('setup.exe is not a photo (JPEG or PNG) or a PDF.')).toBeVisible();
    const huge = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(input, huge);
    expect(
      screen.getByText(
        'scan.pdf is larger than 10 MB. Choose a smaller file, or take a photo instead.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Send later' }));
    await next(user);
    expect(await heading('Review and sign')).toBeVisible();
  });

  it('reviews each account whole, and stacks each answer over its Change on a phone', async () => {
    service();
    const user = userEvent.setup();
    await renderApp('/financial-assistance/apply');
    await toReviewSendingLater(user);
    const accounts = screen.getByText('Accounts', { selector: 'dt' });
    const answer = accounts.nextElementSibling;
    // jsdom lays nothing out: an account number cannot break where its text may not wrap.
    const pieces = answer?.querySelectorAll('.whitespace-nowrap') ?? [];
    expect([...pieces].map((piece) => piece.textContent)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^107-40010001 \$[\d,.]+$/)]),
    );
    expect(answer).toHaveClass('flex-col', 'items-start', 'sm:flex-row');
    expect(
      within(answer as HTMLElement).getByRole('button', { name: 'Change Accounts' }),
    ).toBeVisible();
  });

  it('sums up a long list of accounts on the review instead of listing each one', async () => {
    const many = Array.from({ length: 7 }, (_, at) =>
      encounter({ accountNumber: `4001100${at}`, balance: 100 }),
    );
    service({ 'GET /encounters': () => json({ encounters: many, paymentPlans: [] }) });
    const user = userEvent.setup();
    await renderApp('/financial-assistance/apply');
    await toReviewSendingLater(user);
    const answer = screen.getByText('Accounts', { selector: 'dt' }).nextElementSibling;
    expect(answer).toHaveTextContent('7 accounts, $700.00 in all');
    expect(answer).not.toHaveTextContent('107-40011000');
  });

  it('sends the answers with an Idempotency-Key, then each chosen file, then shows the tracker', async () => {
    const { calls } = service({
      [PAYSTUB]: () =>
        json(
          {
            id: '5b1f6c1e-8a43-4f7e-9d55-2a0c7f3e9b10',
            memberIndex: 0,
            kind: 'income',
            status: 'received',
            fileName: 'paystub.pdf',
            contentType: 'application/pdf',
            sizeBytes: 4,
            receivedAt: '2026-11-20T15:05:00.000Z',
            rejectReason: null,
          },
          201,
        ),
    });
    const user = userEvent.setup();
    await renderApp('/financial-assistance/apply');
    await throughIncome(user);
    await throughSituation(user);
    await user.upload(
      screen.getByLabelText('Choose a photo or PDF'),
      new File(['%PDF'], 'paystub.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText('paystub.pdf (4 B)')).toBeVisible();
    await next(user);
    await heading('Review and sign');
    const apply = screen.getByRole('button', { name: 'Apply for financial assistance' });
    await user.click(apply);
    expect(
      screen.getByText('Please confirm that your answers are true and complete'),
    ).toBeVisible();
    expect(screen.getByText('Type your full name to sign the application')).toBeVisible();
    expect(calls.filter((call) => `${call.method} ${call.path}` === SUBMIT)).toHaveLength(0);

    await user.click(
      screen.getByRole('checkbox', { name: 'The answers I gave are true and complete.' }),
    );
    await user.click(screen.getByRole('checkbox', { name: /may check my answers/ }));
    const keep = screen.getByRole('checkbox', {
      name: 'Keep my autopay and plan payments going while my application is reviewed',
    });
    expect(keep).not.toBeChecked();
    await user.type(
      screen.getByRole('textbox', { name: 'Type your full name to sign' }),
      'Maria Garcia',
    );
    await user.click(apply);

    expect(
      await screen.findByRole('heading', { name: 'Your financial assistance application' }),
    ).toBeVisible();
    const [sent] = calls.filter((call) => `${call.method} ${call.path}` === SUBMIT);
    expect(sent?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.body).toEqual({
      answers: {
        accounts: [
          { facilityId: '107', accountNumber: '40010001' },
          { facilityId: '107', accountNumber: '40010002' },
          { facilityId: '153', accountNumber: '80001' },
        ],
        region: 'contiguous',
        members: [
          {
            name: 'Maria Garcia',
            relationship: 'self',
            incomes: [{ source: 'wages', amountCents: 50_000, frequency: 'biweekly' }],
            documents: 'upload',
          },
        ],
        benefits: [],
        homeless: false,
        insurance: { insured: false },
        hardship: '',
      },
      keepPaying: false,
      attestations: { truthful: true, verification: true },
      signature: 'Maria Garcia',
    });
    const [upload] = uploads(calls);
    expect(upload?.method).toBe('POST');
    expect(upload?.headers.get('Content-Type')).toBe('application/pdf');
    const query = new URLSearchParams(upload?.path.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      memberIndex: '0',
      kind: 'income',
      fileName: 'paystub.pdf',
    });
    expect(sessionStorage.getItem('webpay-draft-assistance-application')).toBeNull();
  });

  it('offers a retry for a document that failed to send', async () => {
    let answers = 0;
    const { calls } = service({
      [PAYSTUB]: () =>
        ++answers === 1
          ? json(
              { title: 'Service unavailable', status: 503, code: 'DB_UNAVAILABLE', details: [] },
              503,
            )
          : json(
              { title: 'Service unavailable', status: 503, code: 'DB_UNAVAILABLE', details: [] },
              503,
            ),
    });
    const user = userEvent.setup();
    await renderApp('/financial-assistance/apply');
    await throughIncome(user);
    await throughSituation(user);
    await user.upload(
      screen.getByLabelText('Choose a photo or PDF'),
      new File(['%PDF'], 'paystub.pdf', { type: 'application/pdf' }),
    );
    await next(user);
    await heading('Review and sign');
    await user.click(
      screen.getByRole('checkbox', { name: 'The answers I gave are true and complete.' }),
    );
    await user.click(screen.getByRole('checkbox', { name: /may check my answers/ }));
    await user.type(
      screen.getByRole('textbox', { name: 'Type your full name to sign' }),
      'Maria Garcia',
    );
    await user.click(screen.getByRole('button', { name: 'Apply for financial assistance' }));
    expect(await screen.findByRole('heading', { name: 'Sending your documents' })).toBeVisible();
    const retry = await screen.findByRole('button', { name: 'Try again to send paystub.pdf' });
    expect(screen.getByText('0 of 1 documents sent')).toBeVisible();
    await user.click(retry);
    await waitFor(() => expect(uploads(calls)).toHaveLength(2));
  });

  it('keeps the answers across a reload of the tab, and never in localStorage', async () => {
    service();
    const user = userEvent.setup();
    const first = await renderApp('/financial-assistance/apply');
    await throughIncome(user);
    first.unmount();
    await renderApp('/financial-assistance/apply');
    expect(await heading('Income')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Amount each time' })).toHaveValue('500');
    expect(localStorage.getItem('webpay-draft-assistance-application')).toBeNull();
  });

  it('links to the open application instead of a second one', async () => {
    service({
      'GET /financial-assistance/applications': () =>
        json({
          canApply: false,
          assetTest: false,
          openAccounts: [],
          applicantName: 'Maria Garcia',
          applications: [
            {
              reference: 'FA-7K2M9Q',
              status: 'in_review',
              submittedAt: '2026-11-20T15:04:00.000Z',
              updatedAt: '2026-11-21T15:04:00.000Z',
              totalBalanceCents: 125_000,
            },
          ],
        }),
    });
    await renderApp('/financial-assistance/apply');
    expect(await screen.findByRole('link', { name: 'View application FA-7K2M9Q' })).toHaveAttribute(
      'href',
      '/webpay/financial-assistance/applications/FA-7K2M9Q',
    );
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('asks about assets only when the policy has an asset test', async () => {
    service({
      'GET /financial-assistance/applications': () => json({ ...noApplications, assetTest: true }),
    });
    const user = userEvent.setup();
    await renderApp('/financial-assistance/apply');
    await throughIncome(user);
    await next(user);
    await heading('Your situation');
    expect(screen.getByRole('group', { name: 'Savings and other assets' })).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await next(user);
    expect(screen.getAllByText('Enter an amount, or 0 if none')).toHaveLength(2);
  });

  it('reads the household step in Spanish', async () => {
    chooseLanguage('es');
    service();
    const user = userEvent.setup();
    await renderApp('/financial-assistance/apply');
    expect(
      await screen.findByRole('heading', { name: 'Solicitar asistencia financiera', level: 1 }),
    ).toBeVisible();
    await heading('Cuentas');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await heading('Hogar');
    expect(screen.getByText('Paso 2 de 6')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Nombre completo' })).toHaveValue('Maria Garcia');
    await user.click(screen.getByRole('button', { name: 'Agregar una persona' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    const person = screen.getByRole('heading', { name: 'Persona 2' }).closest('li');
    if (!person) throw new Error('Persona 2 is not in the list');
    expect(within(person).getByText('Escriba el nombre completo')).toBeVisible();
    expect(
      within(person).getByText('Elija qué relación tiene esta persona con usted'),
    ).toBeVisible();
  });
});

async function throughIncomeFields(user: UserEvent) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'Wages or salary');
  await user.type(screen.getByRole('textbox', { name: 'Amount each time' }), '500');
  await user.selectOptions(screen.getByRole('combobox', { name: 'How often' }), 'Every two weeks');
}
