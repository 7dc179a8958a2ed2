import type { Page } from '@playwright/test';
import { test, expect, maria, ANY_DB, DEMO_GUARANTORS } from '../support/fixtures.ts';
import { payByKeyboard } from '../support/keyboard-journey.ts';
import { LANGUAGE_STORAGE_KEY } from '../support/looks.ts';
import { linkFrom, type Mailbox, type ReceivedMail } from '../support/mailbox.ts';

/*
 * Decision 0013: a guarantor whose browser reads Spanish does everything in
 * Spanish, and can switch to English from the header and stay there.
 */

const SERVICE = '/api/v1/services/rcm-webpay-service';

/**
 * Words of the portal's English screens that data never holds. What the
 * hospital entered (facility names and hours, statement lines) is data and
 * stays as entered, so the check looks for the portal's own words only.
 */
const ENGLISH_WORDS =
  /\b(Sign in|Log out|Dashboard|Statements?|Payments?|Contact|Pay Now|Balance|Amount|Outstanding|Overdue|Loading|Please|Your|you|the|and|with|receipt|Receipt|Date|Status|View|Download|Close|Show|Cancel|Menu|Theme|Signed in)\b/;

/** Fails when the page shows one of the portal's English words. */
async function expectNoEnglish(page: Page, where: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const text = await page.locator('body').innerText();
  const english = text
    .split('\n')
    .filter((line) => ENGLISH_WORDS.test(line))
    .map((line) => line.trim());
  expect(english, `${where}: English on a Spanish screen`).toEqual([]);
}

/** The next e-mail to `to` whose subject matches, past others (receipts) sent to it meanwhile. */
async function nextMail(mailbox: Mailbox, to: string, subject: RegExp): Promise<ReceivedMail> {
  for (let read = 0; read < 5; read += 1) {
    const mail = await mailbox.next(to);
    if (subject.test(mail.subject)) return mail;
  }
  throw new Error(`no e-mail to ${to} matching ${String(subject)}`);
}

test.describe('in Spanish', ANY_DB, () => {
  test.use({ locale: 'es-US' });

  test('a Spanish browser signs in, pays by card and signs out with the keyboard alone', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/webpay/login/pin');
    await expect(page).toHaveTitle('Iniciar sesión en WebPay');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión con su PIN' })).toBeVisible();
    await expectNoEnglish(page, '/login/pin');

    await payByKeyboard(page, {
      signIn: 'Iniciar sesión',
      accountNumber: 'Número de cuenta',
      showPlan: 'Ver detalles del plan PP-7001-1',
      hidePlan: 'Ocultar detalles del plan PP-7001-1',
      amountField: 'Monto del pago de 107-40010002',
      paymentBar: 'Pago a Hospitales y clínicas',
      payNow: 'Pagar ahora $2.50',
      paymentDialog: 'Hacer un pago',
      address: 'Dirección',
      city: 'Ciudad',
      state: 'Estado',
      zipCode: 'Código postal',
      accountEmail: 'Enviarlo a maria.garcia@example.com',
      noEmail: 'No enviar el recibo por correo electrónico',
      card: 'Tarjeta',
      pay: 'Pagar $2.50',
      receipt: 'Recibo de pago',
      print: 'Imprimir',
      logOut: 'Cerrar sesión',
    });
    await expect(page.getByRole('heading', { name: 'Iniciar sesión', exact: true })).toBeVisible();
  });

  test('every signed-in page reads in Spanish; English from the header is kept and saved', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/webpay/login/pin');
    await page.getByLabel('Número de cuenta').fill(maria.accountNumber);
    await page.getByLabel('PIN', { exact: true }).fill(maria.pin);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();

    await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Panel | WebPay');
    await expect(page.getByRole('row', { name: /107-40010001/ })).toContainText('2 jun 2026');
    await expectNoEnglish(page, 'dashboard');

    await page.getByRole('link', { name: 'Estados de cuenta' }).click();
    await expect(page.getByRole('heading', { name: 'Estados de cuenta', level: 1 })).toBeVisible();
    await expectNoEnglish(page, 'statements');

    await page.goto('/webpay/payments?from=2026-07-01&to=2026-07-31');
    await expect(page.getByRole('heading', { name: 'Pagos', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ver el recibo R-8101' })).toBeVisible();
    await expectNoEnglish(page, 'payments');
    await page.getByRole('button', { name: 'Ver el recibo R-8101' }).click();
    const receipt = page.getByRole('dialog', { name: 'Recibo de pago' });
    await expect(receipt).toContainText('jul 2026');
    await expectNoEnglish(page, 'receipt');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Contacto' }).click();
    await expect(page.getByRole('heading', { name: 'Contáctenos', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nuestros centros' })).toBeVisible();
    await expectNoEnglish(page, 'contact');

    // The switch: at once, kept in this browser, and stored with the account for its e-mails.
    const saved = page.waitForRequest(
      (request) =>
        request.method() === 'PUT' && request.url().endsWith(`${SERVICE}/auth/me/language`),
    );
    await page.getByRole('button', { name: 'English' }).click();
    expect((await saved).postDataJSON()).toEqual({ language: 'en' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_STORAGE_KEY)).toBe(
      'en',
    );

    await page.reload();
    await expect(page.getByRole('button', { name: 'Español' })).toBeVisible();
    await expect(page).toHaveTitle('Contact | WebPay');
  });

  test('a sign-in link asked for in Spanish comes in a Spanish e-mail and opens Spanish screens', async ({
    page,
    mailbox,
  }) => {
    const robert = DEMO_GUARANTORS.robert;
    const email = robert.email ?? '';
    await page.goto('/webpay/login');
    const form = page.getByRole('region', { name: 'Iniciar sesión con un enlace' });
    await form.getByLabel('Dirección de correo electrónico').fill(email);
    await form.getByRole('button', { name: 'Enviarme un enlace para iniciar sesión' }).click();
    await expect(page.getByText(/le enviamos un enlace/)).toBeVisible();

    const mail = await nextMail(mailbox, email, /^Su enlace para iniciar sesión en /);
    expect(mail.text).toContain('Robert');
    await page.goto(linkFrom(mail, '/login/magic'));
    await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
    await expectNoEnglish(page, 'dashboard after the link');
  });
});
