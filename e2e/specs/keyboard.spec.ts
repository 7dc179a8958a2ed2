import { test } from '../support/fixtures.ts';
import { ANY_DB } from '../support/fixtures.ts';
import { payByKeyboard } from '../support/keyboard-journey.ts';

test.describe('keyboard only', ANY_DB, () => {
  test('sign in by PIN, open a plan, pay by card, print the receipt, sign out', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await payByKeyboard(page, {
      signIn: 'Sign in',
      accountNumber: 'Account number',
      showPlan: 'Show details for plan PP-7001-1',
      hidePlan: 'Hide details for plan PP-7001-1',
      amountField: 'Payment amount for 107-40010002',
      paymentBar: 'Payment for Hospitals & Clinics',
      payNow: 'Pay Now $2.50',
      paymentDialog: 'Make a Payment',
      address: 'Address',
      city: 'City',
      state: 'State',
      zipCode: 'ZIP code',
      accountEmail: 'Email it to maria.garcia@example.com',
      noEmail: 'Do not email a receipt',
      card: 'Card',
      pay: 'Pay $2.50',
      receipt: 'Payment Receipt',
      print: 'Print',
      logOut: 'Log out',
    });
  });
});
