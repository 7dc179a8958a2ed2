import type { Page } from '@playwright/test';
import { BILLING_MESSAGES, ECHECK_MESSAGES } from '@webpay/contracts/billing';
import {
  SANDBOX_CARD_DETAILS,
  SANDBOX_TEST_CARDS,
  type SandboxTestCard,
} from '@webpay/server/testkit/instruments';
import { openPaymentDialog } from '../support/payment-dialog.ts';
import { test, expect, maria, DEMO_GUARANTORS } from '../support/fixtures.ts';

/*
 * Every state, each group walked in one browser: every state is checked in
 * both languages, at both widths, in both themes where it stands
 * (axeInEveryLook). The sign-in screens are checked with their errors
 * showing, which adds to each screen without taking anything away.
 */

test.describe('WCAG 2.1 A and AA on every screen as it opens (axe)', () => {
  test("Maria's dashboard: a plan open, pending payments, another facility's tab", async ({
    page,
    signInWithPin,
    axeInEveryLook,
  }) => {
    test.setTimeout(120_000);
    await signInWithPin(maria);
    await expect(
      page.getByRole('region', { name: 'Pending Encounters' }).getByText('107-40010001'),
    ).toBeVisible();
    await axeInEveryLook('dashboard');

    await page.getByRole('button', { name: 'Show details for plan PP-7001-1' }).click();
    await page.getByRole('textbox', { name: 'Payment amount for 107-40010002' }).fill('20');
    await page.getByRole('button', { name: / pending for 107-40010001$/ }).click();
    await expect(
      page.getByRole('dialog', { name: 'Pending Payments for 107-40010001' }),
    ).toBeVisible();
    await axeInEveryLook('plan open, pending payments');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: /Central Lab/ }).click();
    const field = page.getByRole('textbox', { name: 'Payment amount for 153-80002' });
    await field.fill('99');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await axeInEveryLook('amount over the balance');
  });

  test('James (other facilities) and Linda (nothing owed)', async ({
    page,
    signInWithPin,
    axeInEveryLook,
  }) => {
    test.setTimeout(90_000);
    await signInWithPin(DEMO_GUARANTORS.james);
    await expect(page.getByRole('table', { name: 'Home Care encounters' })).toBeVisible();
    await axeInEveryLook('James');

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/webpay\/login/);
    await signInWithPin(DEMO_GUARANTORS.linda);
    await expect(page.getByText('107-40030001').first()).toBeVisible();
    await axeInEveryLook('Linda');
  });

  test('link sent, code resend refused, sign-up refused', async ({ page, axeInEveryLook }) => {
    test.setTimeout(120_000);
    await page.goto('/webpay/login');
    const linkForm = page.getByRole('region', { name: 'Sign in with a link' });
    await linkForm.getByLabel('Email address').fill('nobody.axe@example.com');
    await linkForm.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByText(/we sent a sign-in link to it/)).toBeVisible();
    await axeInEveryLook('link sent');

    await page.goto('/webpay/login/email');
    await page.getByLabel('Email address').fill('stranger.axe@example.com');
    await page.getByLabel('Date of birth').fill('1980-01-01');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/webpay\/verify\/code\?/);
    const refused = page.getByRole('alertdialog', { name: 'Failed to Send Code' });
    // The sixth new code for one verification is refused (429).
    for (let resend = 0; resend < 6; resend += 1) {
      await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/auth/signup/email/send-code')),
        page.getByRole('button', { name: 'Send a new code' }).click(),
      ]);
      if (resend < 5) await expect(refused).toBeHidden();
    }
    await expect(refused).toBeVisible();
    await axeInEveryLook('Failed to Send Code');

    await page.goto('/webpay/login/signup');
    await page.getByLabel('Account number').fill('999999999');
    await page.getByLabel('First name').fill('Nobody');
    await page.getByLabel('Last name').fill('Here');
    await page.getByLabel('Date of birth').fill('1980-01-01');
    await page.getByLabel('Email address').fill('nobody.here.axe@example.com');
    await page
      .getByRole('group', { name: 'Go paperless?' })
      .getByRole('radio', { name: 'No' })
      .check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert')).toContainText('We could not find an account');
    await axeInEveryLook('sign-up refused');
  });
});

/** The card processor's own window: not ours to fix, so axe looks only at our page around it. */
const CARD_WINDOW = '[data-converge-lightbox]';
const SERVICE = '**/api/v1/services/rcm-webpay-service';

test.describe('WCAG 2.1 A and AA in every look (axe)', () => {
  test('sign-in forms with their errors, and the sign-in modals', async ({
    page,
    signInWithPin,
    axeInEveryLook,
  }) => {
    test.setTimeout(240_000);
    await page.goto('/webpay/login');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await axeInEveryLook('/login, address missing');

    await page.goto('/webpay/login/pin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('PIN', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await axeInEveryLook('/login/pin, fields missing');
    // An account that does not exist: no demo account is locked by wrong PINs.
    await page.getByLabel('Account number').fill('999999999');
    await page.getByLabel('PIN', { exact: true }).fill('11111111');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await axeInEveryLook('/login/pin, sign-in refused');

    await page.goto('/webpay/login/email');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByLabel('Date of birth')).toHaveAttribute('aria-invalid', 'true');
    await axeInEveryLook('/login/email, fields missing');

    await page.goto('/webpay/login/signup');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByLabel('Account number')).toHaveAttribute('aria-invalid', 'true');
    await axeInEveryLook('/login/signup, fields missing');

    await page.goto('/webpay/verify/code?guarantorId=g-1&verificationId=v-1&email=a%40example.com');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByLabel('Verification code')).toHaveAttribute('aria-invalid', 'true');
    await axeInEveryLook('/verify/code, code missing');
    await page.getByLabel('Verification code').fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Invalid Code' })).toBeVisible();
    await axeInEveryLook('Invalid Code modal');

    await page.goto('/webpay/login/magic');
    await expect(page.getByText('Unexpected error during sign-in with magic link')).toBeVisible();
    await axeInEveryLook('/login/magic without a link');

    // The generic error modal with more than one button, as a failed call may offer.
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('api-error', {
          detail: {
            title: 'Service unavailable',
            message: 'The billing system is not answering.',
            buttons: [
              { label: 'Close', action: 'close' },
              { label: 'Try again', action: 'retry' },
            ],
          },
        }),
      ),
    );
    await expect(page.getByRole('alertdialog', { name: 'Service unavailable' })).toBeVisible();
    await axeInEveryLook('error modal');
    await page.keyboard.press('Escape');

    await signInWithPin(DEMO_GUARANTORS.linda);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    await page.evaluate(() =>
      window.localStorage.setItem('webpay-session-token', 'expired.or.tampered'),
    );
    await page.reload();
    await expect(page.getByRole('alertdialog', { name: 'Session Expired' })).toBeVisible();
    await axeInEveryLook('Session Expired modal');
  });

  test('dashboard: loading, the custom-amount popover, the menus', async ({
    page,
    signInWithPin,
    axeInEveryLook,
  }) => {
    test.setTimeout(240_000);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${SERVICE}/encounters`, async (route) => {
      await held;
      await route.fallback();
    });
    await signInWithPin(maria);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    await axeInEveryLook('dashboard loading');
    release();

    const custom = page.getByRole('region', { name: 'Specify Amount' });
    await expect(custom).toBeVisible();
    await custom.getByRole('button', { name: 'About custom payments' }).click();
    await expect(page.getByRole('dialog', { name: 'About custom payments' })).toBeVisible();
    await axeInEveryLook('custom-amount popover');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Theme: / }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await axeInEveryLook('theme menu');
    await page.keyboard.press('Escape');

    // The links fold into a menu on phones only.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await axeInEveryLook('phone menu');
  });

  test('payment dialog: card and eCheck forms, errors, the card window, processing, receipt', async ({
    page,
    signInWithPin,
    axeInEveryLook,
  }) => {
    test.setTimeout(420_000);
    await signInWithPin(maria);
    const dialog = await openPaymentDialog(page);
    await axeInEveryLook('card form');

    await dialog.getByRole('radio', { name: 'Do not email a receipt' }).check();
    await dialog.getByRole('button', { name: 'Pay $1.00' }).click();
    await expect(dialog.getByText(BILLING_MESSAGES.formInvalid)).toBeVisible();
    await axeInEveryLook('card form, billing errors');

    await dialog.getByRole('textbox', { name: 'Address' }).fill('12 Canyon Rd');
    await dialog.getByRole('textbox', { name: 'City' }).fill('Salt Lake City');
    await dialog.getByRole('combobox', { name: 'State' }).selectOption('UT');
    await dialog.getByRole('textbox', { name: 'ZIP code' }).fill('84101');
    await dialog.getByRole('radio', { name: 'eCheck' }).check();
    await dialog.getByRole('textbox', { name: 'Routing number' }).fill('490000019');
    await dialog.getByRole('textbox', { name: 'Account number' }).fill('12');
    await dialog.getByRole('textbox', { name: 'Account number' }).blur();
    await expect(dialog.getByText(ECHECK_MESSAGES.routingInvalid)).toBeVisible();
    await axeInEveryLook('eCheck form, errors');

    await dialog.getByRole('radio', { name: 'Card' }).check();
    await dialog.getByRole('button', { name: 'Pay $1.00' }).click();
    const cardWindow = page.frameLocator('iframe[title="Card payment"]');
    await expect(cardWindow.getByLabel('Card number')).toBeVisible();
    await axeInEveryLook('around the card window', { exclude: [CARD_WINDOW] });

    await payInCardWindow(page, SANDBOX_TEST_CARDS.processorError);
    await expect(dialog.getByRole('alert')).toBeVisible();
    await dialog.getByRole('button', { name: 'Technical details' }).click();
    await expect(dialog.getByText('converge_error')).toBeVisible();
    await axeInEveryLook('error panel, technical details open');
    await dialog.getByRole('button', { name: 'Dismiss' }).click();

    // The completion call is held so the dialog stays in its processing phase.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${SERVICE}/payments/*/card`, async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Pay $1.00' }).click();
    await payInCardWindow(page, SANDBOX_TEST_CARDS.visa);
    await expect(dialog.getByText('Completing your payment…')).toBeVisible();
    await axeInEveryLook('completing the payment');
    release();

    const receipt = page.getByRole('dialog', { name: 'Payment Receipt' });
    await expect(receipt).toContainText('$1.00');
    await axeInEveryLook('receipt dialog');
  });

  test('statements and payment history: empty, failed and filtered lists, and toasts', async ({
    page,
    signInWithPin,
    axeInEveryLook,
  }) => {
    test.setTimeout(180_000);
    await signInWithPin(maria);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);

    const statements = `${SERVICE}/statements`;
    await page.route(statements, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"statements":[]}' }),
    );
    await page.goto('/webpay/statements');
    await expect(page.getByRole('heading', { name: 'No statements yet' })).toBeVisible();
    await axeInEveryLook('no statements');

    await page.unroute(statements);
    await page.route(statements, (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }),
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({
      timeout: 15_000,
    });
    await axeInEveryLook('statements failed to load');
    await page.unroute(statements);

    // A toast lasts 4 s, so each look asks for it again.
    await page.route(`${statements}/*/pdf`, (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'broken' }),
    );
    await page.goto('/webpay/statements');
    const download = {
      en: page.getByRole('button', { name: /^Download PDF of the statement of / }),
      es: page.getByRole('button', { name: /^Descargar PDF del estado de cuenta del / }),
    };
    const downloadFailed = {
      en: page.getByText(/^We could not download your statement/),
      es: page.getByText(/^No pudimos descargar su estado de cuenta/),
    };
    await expect(download.en.first()).toBeVisible();
    await axeInEveryLook('statement download failed (toast)', {
      before: async (language) => {
        await download[language].first().click();
        await expect(downloadFailed[language]).toBeVisible();
      },
    });

    await page.goto('/webpay/payments?from=2026-07-01&to=2026-07-31');
    await expect(page.getByRole('button', { name: 'View receipt R-8101' })).toBeVisible();
    await axeInEveryLook('payments, dates chosen');

    await page.route(`${SERVICE}/receipts/*`, (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'broken' }),
    );
    const viewReceipt = { en: 'View receipt R-8101', es: 'Ver el recibo R-8101' };
    const receiptFailed = {
      en: 'We could not open receipt R-8101.',
      es: 'No pudimos abrir el recibo R-8101.',
    };
    await axeInEveryLook('receipt failed to open (toast)', {
      before: async (language) => {
        await page.getByRole('button', { name: viewReceipt[language] }).click();
        await expect(page.getByText(receiptFailed[language], { exact: false })).toBeVisible();
      },
    });
  });

  test('contact: a failed load', async ({ page, signInWithPin, axeInEveryLook }) => {
    test.setTimeout(90_000);
    await signInWithPin(maria);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    await page.route(`${SERVICE}/config/contactInfo`, (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }),
    );
    await page.goto('/webpay/contact');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({
      timeout: 15_000,
    });
    await axeInEveryLook('contact failed to load');
  });
});

async function payInCardWindow(page: Page, card: SandboxTestCard) {
  const frame = page.frameLocator('iframe[title="Card payment"]');
  await frame.getByLabel('Card number').fill(card.number);
  await frame.getByLabel('Expiry date (MM/YY)').fill(SANDBOX_CARD_DETAILS.expiry);
  await frame.getByLabel('Security code (CVV)').fill(SANDBOX_CARD_DETAILS.cvv);
  await frame.getByRole('button', { name: /^Pay \$/ }).click();
}
