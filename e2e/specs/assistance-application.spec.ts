import type { Locator, Page } from '@playwright/test';
import { addDays, dayIn } from '@webpay/contracts/dates';
import { encounterNumber, encountersResponseSchema } from '@webpay/contracts/encounters';
import { formatDateIn } from '@webpay/contracts/language';
import { DEMO_STAFF } from '@webpay/server/testkit/demo-staff';
import { SANDBOX_TEST_CARDS } from '@webpay/server/testkit/instruments';
import { samplePng } from '@webpay/server/testkit/sample-documents';
import { addCard, setUpPlan } from '../support/autopay-setup.ts';
import {
  test,
  expect,
  james,
  maria,
  DEMO_GUARANTORS,
  type DemoSignIn,
} from '../support/fixtures.ts';
import { tabTo } from '../support/keyboard-journey.ts';
import { readIn } from '../support/looks.ts';
import type { Mailbox, ReceivedMail } from '../support/mailbox.ts';
import { signInToOffice, type StaffCredentials } from '../support/office.ts';
import { webpayCommand } from '../support/webpay-command.ts';

/*
 * Financial assistance (issue #27) as Maria and the billing office live it:
 * she turns autopay on for a plan, then applies on her phone with a pay stub
 * and a document to send later, and `webpay autopay` charges nothing while
 * the application is open; a reviewer, by keyboard, asks for that document;
 * she sends it from the tracker, now reading the portal in Spanish; a first
 * reviewer approves and a second confirms. Her balances show the adjustment,
 * her autopay charges again, the posting export carries the adjustments
 * once, and the letters arrive in English, then in Spanish. Beside her,
 * James's pay stub is rejected with a reason he reads on his tracker, and
 * his application is denied: the letter says why and how to apply again,
 * and the notice before any collection action gives him 30 days. The form,
 * the tracker, the console's queue and a case pass axe. Runs on the
 * PostgreSQL server after the recurring payments (playwright.config.ts), as
 * it changes Maria's balances and uses the billing office's commands.
 */

test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 900 };
/** A small laptop's screen, where the console is used by keyboard alone. */
const LAPTOP = { width: 1280, height: 800 };
const TIME_ZONE = 'America/Denver';
const today = dayIn(TIME_ZONE);
const email: string = DEMO_GUARANTORS.maria.email;
const jamesEmail = DEMO_GUARANTORS.james.email;
let reference = '';
let jamesReference = '';
const REJECTED_BECAUSE = 'The pay stub is cut off; please send a photo of the whole page.';
const DENIED_BECAUSE = 'Household income is above 400% of the federal poverty guideline.';

/** The autopay charge of Maria's plan that her application must hold back. */
interface ComingCharge {
  plan: string;
  instalment: number;
  date: string;
}
let coming: ComingCharge = { plan: '', instalment: 0, date: '' };

/** A real 1×1 PNG, as a phone would send a photo of a pay stub. */
function payStub(name: string) {
  return { name, mimeType: 'image/png', buffer: samplePng() };
}

async function mailAbout(mailbox: Mailbox, words: RegExp, to = email): Promise<ReceivedMail> {
  const mail = await mailbox.next(to);
  expect(`${mail.subject}\n${mail.text}`).toMatch(words);
  return mail;
}

async function autopay(baseURL: string | undefined, day: string): Promise<string> {
  const { stdout, stderr } = await webpayCommand(baseURL ?? '', ['autopay', '--today', day]);
  return `${stdout}\n${stderr}`;
}

async function openPaymentMethods(page: Page) {
  await page.getByRole('link', { name: 'Payment Methods' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeVisible();
}

/** The account that carries the plan autopay charges, left out of the application. */
const PLAN_ACCOUNT = '107-40010002';

/** The number of Maria's plan on `account`, as the dashboard reads her plans. */
async function planNumberOn(page: Page, account: string): Promise<string | undefined> {
  const read = page.waitForResponse(
    (response) => response.request().method() === 'GET' && /\/encounters$/.test(response.url()),
  );
  await page.goto('/webpay/dashboard');
  const { paymentPlans } = encountersResponseSchema.parse(await (await read).json());
  const onAccount = paymentPlans.find((plan) =>
    plan.encounters.some((encounter) => encounterNumber(encounter) === account),
  );
  return onAccount?.id;
}

/**
 * Maria's plan on PLAN_ACCOUNT with autopay on the card ending in `last4`.
 * After the recurring payments spec she has that plan, its autopay turned
 * off: it gets it back. Run alone, she has none: a new one is set up.
 * The account stays out of her application, so the approval leaves that
 * plan's instalments as they were and autopay has one to charge after it.
 */
async function planWithAutopay(page: Page, last4: string) {
  const existing = await planNumberOn(page, PLAN_ACCOUNT);
  if (!existing) {
    await setUpPlan(page, PLAN_ACCOUNT, '52.00', addDays(today, 24), last4);
    await openPaymentMethods(page);
    return;
  }
  await openPaymentMethods(page);
  const plan = page.getByRole('region', { name: `Plan ${existing}`, exact: true });
  await expect(plan.getByText('Off: you pay each instalment yourself.')).toBeVisible();
  await plan.getByRole('switch', { name: 'Autopay' }).click();
  const methods = plan.getByRole('combobox', { name: 'Payment method' });
  const card = await methods.locator('option', { hasText: last4 }).textContent();
  await methods.selectOption({ label: card?.trim() ?? last4 });
  await plan.getByRole('checkbox', { name: 'I have read and accept this authorization' }).check();
  await plan.getByRole('button', { name: 'Turn on autopay' }).click();
  await expect(plan.getByRole('switch', { name: 'Autopay' })).toBeChecked();
}

/** The one upcoming charge on the card ending in `last4`, as Payment Methods lists it. */
async function comingChargeOn(page: Page, last4: string): Promise<ComingCharge> {
  const charge = page
    .getByRole('region', { name: 'Upcoming charges' })
    .getByRole('listitem')
    .filter({ hasText: last4 });
  await expect(charge).toHaveCount(1);
  const text = (await charge.textContent()) ?? '';
  const [, plan = '', instalment = '0'] = /Plan (PP-[A-Z0-9]{8}), payment (\d+)/.exec(text) ?? [];
  const days = Array.from({ length: 200 }, (_, ahead) => addDays(today, ahead));
  const date = days.find((day) => text.startsWith(formatDateIn('en', day))) ?? '';
  expect(plan, text).not.toBe('');
  expect(date, text).not.toBe('');
  return { plan, instalment: Number(instalment), date };
}

/** What `webpay autopay` reports of the coming charge, e.g. "charged  PP-… #2". */
function reportOf(action: string): RegExp {
  return new RegExp(`${action}\\s+${coming.plan} #${coming.instalment}\\b`);
}

async function next(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
}

/** The income of one member: one income of `amount` each `frequency`. */
async function income(group: Locator, source: string, amount: string, frequency: string) {
  const amountField = group.getByLabel('Amount each time');
  if ((await amountField.count()) === 0)
    await group.getByRole('button', { name: 'Add income' }).click();
  await group.getByLabel('Source').selectOption(source);
  await group.getByLabel('Amount each time').fill(amount);
  await group.getByLabel('How often').selectOption(frequency);
}

async function openCase(page: Page, member: StaffCredentials, which = reference) {
  await page.setViewportSize(DESK);
  await signInToOffice(page, member);
  await page.getByRole('link', { name: 'Financial assistance' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Financial assistance' })).toBeVisible();
  await page.getByRole('link', { name: which }).click();
  await expect(page.getByRole('heading', { name: new RegExp(which) })).toBeVisible();
}

/** Tabs to a control and presses Enter on it, as a keyboard user does. */
async function press(page: Page, target: Locator) {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

/** From the dashboard's card: a reload would end the session, which lives in the page. */
async function openTracker(
  page: Page,
  signInWithPin: (who: DemoSignIn) => Promise<void>,
  who: DemoSignIn,
  which: string,
) {
  await page.setViewportSize(PHONE);
  await signInWithPin(who);
  await page.getByRole('link', { name: new RegExp(which) }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: /financial assistance application|solicitud/ }),
  ).toBeVisible();
}

test('Maria saves a card and turns autopay on for a plan before she applies', async ({
  page,
  signInWithPin,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESK);
  await signInWithPin(maria);
  await openPaymentMethods(page);
  const last4 = await addCard(page, SANDBOX_TEST_CARDS.mastercard.number);
  await planWithAutopay(page, last4);
  coming = await comingChargeOn(page, last4);
});

test('Maria applies on her phone, with a pay stub and a document to send later', async ({
  page,
  signInWithPin,
  mailbox,
  axeInThisLook,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await signInWithPin(maria);
  await page.getByRole('link', { name: 'Need help paying?' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Financial Assistance' })).toBeVisible();
  await page.getByRole('link', { name: 'Apply for financial assistance' }).first().click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Apply for financial assistance' }),
  ).toBeVisible();

  // Every account with a balance is in by default.
  await expect(page.getByRole('checkbox', { name: /107-40010001/ })).toBeChecked();
  await page.getByRole('checkbox', { name: new RegExp(PLAN_ACCOUNT) }).uncheck();
  await axeInThisLook('the application form on a phone: the accounts');
  await next(page, 'Household');
  await page.getByRole('button', { name: 'Add a person' }).click();
  await page.getByLabel('Full name').last().fill('Daniel Garcia');
  await page.getByLabel('Relationship to you').last().selectOption('spouse');
  await next(page, 'Income');
  await income(
    page.getByRole('group', { name: 'Income of Maria Garcia' }),
    'wages',
    '1500',
    'biweekly',
  );
  await income(
    page.getByRole('group', { name: 'Income of Daniel Garcia' }),
    'unemployment',
    '300',
    'weekly',
  );
  await expect(page.getByText('Household income per year: $54,600.00')).toBeVisible();
  await axeInThisLook('the application form on a phone: two incomes');
  await next(page, 'Your situation');
  await page.getByRole('group', { name: 'Do you have health insurance?' }).getByLabel('No').check();
  await next(page, 'Documents');
  await page
    .getByRole('group', { name: 'Proof of income for Maria Garcia' })
    .getByLabel('Choose a photo or PDF')
    .setInputFiles(payStub('pay-stub.png'));
  await page
    .getByRole('group', { name: 'Proof of income for Daniel Garcia' })
    .getByLabel('Send later')
    .check();
  await axeInThisLook('the application form on a phone: a document chosen, one for later');
  await next(page, 'Review and sign');
  await page.getByLabel('The answers I gave are true and complete.').check();
  await page.getByLabel(/The hospital may check my answers/).check();
  await page.getByLabel('Type your full name to sign').fill('Maria Garcia');
  await axeInThisLook('the application form on a phone: review and sign');
  await page.getByRole('button', { name: 'Apply for financial assistance' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Your financial assistance application' }),
  ).toBeVisible({ timeout: 30_000 });
  reference = /FA-[A-HJKMNP-Z2-9]{8}/.exec(page.url())?.[0] ?? '';
  expect(reference).not.toBe('');
  await expect(page.getByText('Submitted').first()).toBeVisible();
  await expect(
    page.getByText('Your autopay and plan payments are paused until a decision is made.'),
  ).toBeVisible();
  await axeInThisLook('the tracker on a phone, just submitted');
  await mailAbout(mailbox, new RegExp(`${reference}.*Submitted`));
});

test('while it is open, her autopay stays on but charges nothing', async ({
  page,
  signInWithPin,
  mailbox,
  baseURL,
}) => {
  // On its due date the charge would be noticed, and charged three days later: neither happens.
  expect(await autopay(baseURL, coming.date)).not.toContain(coming.plan);
  expect(await mailbox.nothingFor(email)).toBe(true);

  await page.setViewportSize(DESK);
  await signInWithPin(maria);
  await openPaymentMethods(page);
  const plan = page.getByRole('region', { name: `Plan ${coming.plan}` });
  await expect(plan.getByRole('switch', { name: 'Autopay' })).toBeChecked();
  await expect(
    page
      .getByRole('region', { name: 'Upcoming charges' })
      .getByText(
        'Paused while your financial assistance application is open: nothing is charged until a decision is made.',
      ),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Autopay history' })).not.toContainText(
    `Plan ${coming.plan}, payment ${coming.instalment}`,
  );
});

test('James applies too, with a pay stub', async ({ page, signInWithPin, mailbox }) => {
  await page.setViewportSize(PHONE);
  await signInWithPin(james);
  await page.getByRole('link', { name: 'Need help paying?' }).first().click();
  await page.getByRole('link', { name: 'Apply for financial assistance' }).first().click();
  await expect(page.getByRole('checkbox', { name: /221-60001/ })).toBeChecked();
  await next(page, 'Household');
  await next(page, 'Income');
  await income(
    page.getByRole('group', { name: 'Income of James Wilson' }),
    'wages',
    '9000',
    'monthly',
  );
  await next(page, 'Your situation');
  await page.getByRole('group', { name: 'Do you have health insurance?' }).getByLabel('No').check();
  await next(page, 'Documents');
  await page
    .getByRole('group', { name: 'Proof of income for James Wilson' })
    .getByLabel('Choose a photo or PDF')
    .setInputFiles(payStub('wilson-pay-stub.png'));
  await next(page, 'Review and sign');
  await page.getByLabel('The answers I gave are true and complete.').check();
  await page.getByLabel(/The hospital may check my answers/).check();
  await page.getByLabel('Type your full name to sign').fill('James Wilson');
  await page.getByRole('button', { name: 'Apply for financial assistance' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your financial assistance application' }),
  ).toBeVisible({ timeout: 30_000 });
  jamesReference = /FA-[A-HJKMNP-Z2-9]{8}/.exec(page.url())?.[0] ?? '';
  expect(jamesReference).not.toBe('');
  await mailAbout(mailbox, new RegExp(`${jamesReference}.*Submitted`), jamesEmail);
});

test('a reviewer, by keyboard on a laptop, asks for the document she will send later', async ({
  page,
  mailbox,
  axeInThisLook,
}) => {
  await page.setViewportSize(LAPTOP);
  await signInToOffice(page, DEMO_STAFF.reviewer);
  await press(page, page.getByRole('link', { name: 'Financial assistance' }).first());
  await expect(page.getByRole('heading', { level: 1, name: 'Financial assistance' })).toBeVisible();
  await expect(page.getByRole('link', { name: jamesReference })).toBeVisible();
  await axeInThisLook('the financial assistance queue');
  await press(page, page.getByRole('link', { name: reference }));
  await expect(page.getByRole('heading', { name: new RegExp(reference) })).toBeVisible();
  await axeInThisLook('a case waiting for review');

  await press(page, page.getByRole('button', { name: 'Start review' }));
  const start = page.getByRole('alertdialog');
  await press(page, start.getByRole('button', { name: 'Start review' }));
  await expect(page.getByText('The review has started.')).toBeVisible();
  await press(page, page.getByRole('button', { name: 'Request information' }));
  const dialog = page.getByRole('dialog', { name: 'Request information' });
  await expect(dialog).toBeVisible();
  // The dialog opens on its first item.
  await expect(dialog.getByRole('textbox', { name: 'Item 1' })).toBeFocused();
  await page.keyboard.type('Proof of unemployment benefits for Daniel Garcia');
  await axeInThisLook('the request for information dialog');
  // Backwards, round the dialog's end: forwards passes the due date, whose focus Chromium
  // draws inside the date field itself, where the focus indicator check cannot see it.
  await tabTo(page, dialog.getByRole('button', { name: 'Send request' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByText('The request for information was sent.')).toBeVisible();
  await mailAbout(mailbox, new RegExp(`${reference}: In review`));
  const letter = await mailAbout(mailbox, /Need more information/);
  expect(letter.text).toContain('Proof of unemployment benefits for Daniel Garcia');
});

test("another reviewer rejects James's pay stub with a reason", async ({ page }) => {
  await openCase(page, DEMO_STAFF.secondReviewer, jamesReference);
  await page.getByRole('button', { name: 'Reject wilson-pay-stub.png' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject the document' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(REJECTED_BECAUSE);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('The document is rejected.')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Documents of James Wilson' }).getByText('Rejected'),
  ).toBeVisible();
});

test('James reads why on his tracker, where he can send another', async ({
  page,
  signInWithPin,
}) => {
  await openTracker(page, signInWithPin, james, jamesReference);
  await expect(page.getByText(`Reason: ${REJECTED_BECAUSE}`, { exact: true })).toBeVisible();
  await expect(
    page.getByLabel('Choose a photo or PDF: Proof of income for James Wilson'),
  ).toBeVisible();
});

test('Maria sends it from the tracker, reading the portal in Spanish', async ({
  page,
  signInWithPin,
  mailbox,
}) => {
  await page.setViewportSize(PHONE);
  await signInWithPin(maria);
  // On a phone the language is in the menu.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
  await page.keyboard.press('Escape');
  // From the dashboard's card: a reload would end the session, which lives in the page.
  await page.getByRole('link', { name: new RegExp(reference) }).click();
  await expect(
    page.getByText('Proof of unemployment benefits for Daniel Garcia').first(),
  ).toBeVisible();
  await page.locator('input[type="file"]').first().setInputFiles(payStub('beneficios.png'));
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(page.getByText(/En revisión/).first()).toBeVisible();
  // Read here, so that it cannot arrive after the next test has set its mailbox aside.
  await mailAbout(mailbox, new RegExp(`${reference}: En revisión`));
});

test('a first reviewer approves, a second confirms, and the money follows', async ({
  page,
  mailbox,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await openCase(page, DEMO_STAFF.reviewer);
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve at 75% off' }).click();
  await expect(page.getByText(/A second reviewer confirms it/)).toBeVisible();

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  await openCase(page, DEMO_STAFF.secondReviewer);
  await page.getByRole('button', { name: 'Confirm approval' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm approval' }).click();
  await expect(page.getByText('The application is approved.')).toBeVisible();

  const approval = await mailAbout(mailbox, /Aprobada/);
  expect(approval.text).toContain('75');

  const { stdout: first } = await webpayCommand(baseURL ?? '', ['export-payments']);
  const rows = first.split('\n').filter((line) => line.includes(reference));
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((row) => row.includes('assistance_adjustment'))).toBe(true);
  const { stdout: again } = await webpayCommand(baseURL ?? '', ['export-payments']);
  expect(again).not.toContain(reference);
});

test("James's application is denied, with how to apply again and 30 days before collection", async ({
  page,
  mailbox,
}) => {
  await openCase(page, DEMO_STAFF.secondReviewer, jamesReference);
  await page.getByRole('button', { name: 'Deny', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Deny the application' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(DENIED_BECAUSE);
  await dialog.getByRole('button', { name: 'Deny application' }).click();
  await expect(page.getByText('The application is denied.')).toBeVisible();
  for (const letter of ['Denial', 'Hold lifted', 'Notice before collection'])
    await expect(page.getByText(new RegExp(`^${letter}, sent`))).toBeVisible();

  // The first of its three e-mails; the letters themselves James reads on his tracker.
  await mailAbout(mailbox, new RegExp(jamesReference), jamesEmail);
});

test('James reads why, how to apply again, and that collection waits 30 days', async ({
  page,
  signInWithPin,
}) => {
  await openTracker(page, signInWithPin, james, jamesReference);
  await expect(page.getByText(`Reason: ${DENIED_BECAUSE}`, { exact: true })).toBeVisible();
  const letters = page.getByRole('region', { name: 'Letters' });
  const letter = (subject: RegExp) => letters.locator('details').filter({ hasText: subject });
  await letter(/^Decision on your financial assistance application/)
    .locator('summary')
    .click();
  await expect(letter(/^Decision on/)).toContainText(DENIED_BECAUSE);
  await expect(letter(/^Decision on/)).toContainText(
    'You may apply again if your situation changes',
  );
  await letter(/^Important notice about your balance/)
    .locator('summary')
    .click();
  await expect(letter(/^Important notice/)).toContainText(
    `We will not take any of these actions before ${formatDateIn('en', addDays(today, 30))}. That is at least 30 days after the date of this notice.`,
  );
});

test('her tracker shows the adjustment pending until the billing system confirms it', async ({
  page,
  signInWithPin,
}) => {
  await page.setViewportSize(PHONE);
  await signInWithPin(maria);
  await page.getByRole('link', { name: new RegExp(reference) }).click();
  // The portal's language in this new browser is its own; the badge reads the same either way.
  await expect(page.getByText(/^(Pending|En proceso)$/).first()).toBeVisible();
  await expect(page.getByText(/^(Approved|Aprobada)$/).first()).toBeVisible();
});

test('her autopay charges again once the decision is made', async ({
  page,
  signInWithPin,
  baseURL,
}) => {
  await page.setViewportSize(DESK);
  await signInWithPin(maria);
  await readIn(page, 'en');
  await page.getByRole('link', { name: new RegExp(reference) }).click();
  await expect(page.getByText(/^The pause ended on .+: a decision was made\.$/)).toBeVisible();
  await page.getByRole('link', { name: 'Back to the Dashboard' }).click();
  await openPaymentMethods(page);
  const next = page
    .getByRole('region', { name: 'Upcoming charges' })
    .getByRole('listitem')
    .filter({ hasText: `Plan ${coming.plan}, payment ${coming.instalment}` });
  const history = page.getByRole('region', { name: 'Autopay history' });
  await expect(history.or(next).first()).toBeVisible();
  await expect(page.getByText(/^Paused while your financial assistance application/)).toHaveCount(
    0,
  );
  expect(await autopay(baseURL, addDays(coming.date, -3))).toMatch(reportOf('noticed'));
  expect(await autopay(baseURL, coming.date)).toMatch(reportOf('charged'));
  // Away and back: the page asks again for what autopay did.
  await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
  await openPaymentMethods(page);
  const charged = history
    .getByRole('row')
    .filter({ hasText: `Plan ${coming.plan}, payment ${coming.instalment}` });
  await expect(charged).toContainText('Paid');
});
