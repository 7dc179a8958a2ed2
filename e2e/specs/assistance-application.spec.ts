import { crc32, deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { DEMO_STAFF } from '@webpay/server/testkit/demo-staff';
import { test, expect, maria, DEMO_GUARANTORS } from '../support/fixtures.ts';
import type { Mailbox, ReceivedMail } from '../support/mailbox.ts';
import { signInToOffice, type StaffCredentials } from '../support/office.ts';
import { webpayCommand } from '../support/webpay-command.ts';

/*
 * Financial assistance (issue #27) as Maria and the billing office live it:
 * she applies on her phone with a pay stub and a document to send later,
 * and her payments pause; a reviewer asks for that document; she sends it
 * from the tracker, now reading the portal in Spanish; a first reviewer
 * approves and a second confirms. Her balances show the adjustment, her
 * payments start again, the posting export carries the adjustments once,
 * and the letters arrive in English, then in Spanish. Runs on the PostgreSQL
 * server after the recurring payments (playwright.config.ts), as it changes
 * Maria's balances and uses the export command.
 */

test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 900 };
const email = DEMO_GUARANTORS.maria.email;
let reference = '';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 1×1 PNG, as a phone would send a photo of a pay stub. */
function payStub(name: string) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

async function mailAbout(mailbox: Mailbox, words: RegExp): Promise<ReceivedMail> {
  const mail = await mailbox.next(email);
  expect(`${mail.subject}\n${mail.text}`).toMatch(words);
  return mail;
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

async function openCase(page: Page, member: StaffCredentials) {
  await page.setViewportSize(DESK);
  await signInToOffice(page, member);
  await page.getByRole('link', { name: 'Financial assistance' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Financial assistance' })).toBeVisible();
  await page.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { name: new RegExp(reference) })).toBeVisible();
}

test('Maria applies on her phone, with a pay stub and a document to send later', async ({
  page,
  signInWithPin,
  mailbox,
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
  await next(page, 'Review and sign');
  await page.getByLabel('The answers I gave are true and complete.').check();
  await page.getByLabel(/The hospital may check my answers/).check();
  await page.getByLabel('Type your full name to sign').fill('Maria Garcia');
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
  await mailAbout(mailbox, new RegExp(`${reference}.*Submitted`));
});

test('a reviewer asks for the document she will send later', async ({ page, mailbox }) => {
  await openCase(page, DEMO_STAFF.reviewer);
  await page.getByRole('button', { name: 'Start review' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Start review' }).click();
  await expect(page.getByText('The review has started.')).toBeVisible();
  await page.getByRole('button', { name: 'Request information' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request information' });
  await dialog
    .getByRole('textbox', { name: 'Item 1' })
    .fill('Proof of unemployment benefits for Daniel Garcia');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('The request for information was sent.')).toBeVisible();
  await mailAbout(mailbox, new RegExp(`${reference}: In review`));
  const letter = await mailAbout(mailbox, /Need more information/);
  expect(letter.text).toContain('Proof of unemployment benefits for Daniel Garcia');
});

test('Maria sends it from the tracker, reading the portal in Spanish', async ({
  page,
  signInWithPin,
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
