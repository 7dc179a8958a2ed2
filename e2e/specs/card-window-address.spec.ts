import { PAYMENT_MESSAGES } from '@webpay/contracts/payments';
import { test, expect, maria, ANY_DB } from '../support/fixtures.ts';
import { fillBillingDetails, openCustomPayment } from '../support/payment-dialog.ts';

/*
 * The test servers' PUBLIC_URL is http://127.0.0.1:PORT, and the sandbox card
 * window may be framed only by pages there. The same portal opened at
 * http://localhost:PORT must say so in words instead of a frame reading
 * "localhost refused to connect", and must start no payment.
 */
test.describe('the card window and the portal’s address', () => {
  test.use({
    baseURL: async ({ baseURL }, use) => {
      await use(baseURL?.replace('://127.0.0.1:', '://localhost:'));
    },
  });

  test(
    'a portal opened at another address explains why the card window cannot open',
    ANY_DB,
    async ({ page, signInWithPin, baseURL }) => {
      const publicOrigin = (baseURL ?? '').replace('://localhost:', '://127.0.0.1:');
      const starts: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/payments/init')) starts.push(request.url());
      });
      await signInWithPin(maria);
      await expect(page).toHaveURL(/\/webpay\/dashboard$/);

      const dialog = await openCustomPayment(page, '5');
      await fillBillingDetails(dialog);
      await dialog.getByRole('button', { name: 'Pay $5.00' }).click();

      const panel = dialog.getByRole('alert');
      await expect(panel).toContainText(PAYMENT_MESSAGES.lightboxInitFailedTitle);
      await expect(panel).toContainText(
        `opens only on the portal's own address, ${publicOrigin}, and this page was opened at ${baseURL}`,
      );
      await expect(page.locator('iframe[title="Card payment"]')).toHaveCount(0);
      expect(starts).toEqual([]);
    },
  );
});
