import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BILLING_MESSAGES, ECHECK_MESSAGES } from '@webpay/contracts/billing';
import { PAYMENT_MESSAGES } from '@webpay/contracts/payments';
import { PLAIN_TEXT_MESSAGES } from '@webpay/contracts/plain-text';
import { claimsFor, maria } from '@test/fixtures.ts';
import {
  fillBilling,
  payButton,
  renderPaymentDialog,
} from '../../../../test/payments/render-payment-dialog.tsx';

describe('payment dialog form (SPEC §2, §5)', () => {
  it('shows the summary, billing information prefilled with the names, the choices, the note and the buttons', async () => {
    const { dialog } = await renderPaymentDialog();
    const scope = within(dialog);
    expect(scope.getByText('107-40010001 | Maria Garcia')).toBeInTheDocument();
    expect(scope.getByText('Total Amount').parentElement).toHaveTextContent('$325.00');
    expect(scope.getByRole('region', { name: 'Billing Information' })).toBeInTheDocument();
    expect(scope.getByLabelText('First name')).toHaveValue('Maria');
    expect(scope.getByLabelText('Last name')).toHaveValue('Garcia');
    expect(scope.getByLabelText('State')).toHaveDisplayValue('Select a state');
    expect(scope.getByRole('radio', { name: 'Card' })).toBeChecked();
    expect(
      scope.getByRole('radio', { name: 'Email it to maria.garcia@example.com' }),
    ).toBeChecked();
    expect(scope.getByText(PAYMENT_MESSAGES.securityNote)).toBeInTheDocument();
    expect(scope.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(scope.getByRole('button', { name: 'Pay $325.00' })).toBeEnabled();
  });

  it("offers no account e-mail when the user has none, and then starts at 'none'", async () => {
    const { dialog } = await renderPaymentDialog({ user: { ...maria, email: null } });
    const scope = within(dialog);
    expect(scope.queryByRole('radio', { name: /Email it to .*@/ })).not.toBeInTheDocument();
    expect(scope.getByRole('radio', { name: 'Do not email a receipt' })).toBeChecked();
  });

  it('checks the billing fields as they change, with the SPEC messages', async () => {
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    const scope = within(dialog);
    const firstName = scope.getByLabelText('First name');

    await user.clear(firstName);
    expect(await scope.findByText(BILLING_MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription(BILLING_MESSAGES.firstNameRequired);
    await user.type(firstName, 'M4ria');
    expect(scope.getByText(BILLING_MESSAGES.firstNameCharacters)).toBeInTheDocument();
    await user.clear(firstName);
    await user.type(firstName, 'Maria');
    expect(scope.queryByText(BILLING_MESSAGES.firstNameCharacters)).not.toBeInTheDocument();

    await user.type(scope.getByLabelText('Address'), 'A');
    expect(scope.getByText(BILLING_MESSAGES.addressTooShort)).toBeInTheDocument();
    await user.type(scope.getByLabelText('City'), 'Salt Lake 1');
    expect(scope.getByText(BILLING_MESSAGES.cityCharacters)).toBeInTheDocument();
    const zip = scope.getByLabelText('ZIP code');
    await user.type(zip, '8410');
    expect(zip).toHaveAccessibleDescription(BILLING_MESSAGES.zipFormat);
    await user.type(zip, '1-12');
    expect(scope.getByText(BILLING_MESSAGES.zipFormat)).toBeInTheDocument();
    await user.type(zip, '34');
    expect(scope.queryByText(BILLING_MESSAGES.zipFormat)).not.toBeInTheDocument();
  });

  it('refuses control characters at the field they were pasted into', async () => {
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    const scope = within(dialog);
    for (const label of ['First name', 'Address', 'City']) {
      const field = scope.getByLabelText(label);
      await user.clear(field);
      await user.click(field);
      await user.paste('Main\tSt');
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(PLAIN_TEXT_MESSAGES.controlCharacters);
    }
  });

  it('takes names in every script, and refuses digits and symbols (decision 0017)', async () => {
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog({
      user: { ...maria, firstName: 'Zoë', lastName: '中文' },
    });
    const scope = within(dialog);
    const firstName = scope.getByLabelText('First name');
    const lastName = scope.getByLabelText('Last name');
    expect(firstName).toHaveValue('Zoë');
    expect(lastName).toHaveValue('中文');

    const names = [
      ['José', 'Núñez'],
      ['Nguyễn Thị', 'Minh'],
      ['Mary J.', "O'Brien-Smith"],
      ['Seán', 'O’Neil'],
      ['小明', '陈'],
    ];
    for (const [first = '', last = ''] of names) {
      await user.clear(firstName);
      await user.type(firstName, first);
      await user.clear(lastName);
      await user.type(lastName, last);
      expect(firstName).toHaveValue(first);
      expect(lastName).toHaveValue(last);
      expect(firstName).not.toHaveAttribute('aria-invalid', 'true');
      expect(lastName).not.toHaveAttribute('aria-invalid', 'true');
    }

    await user.type(lastName, '2');
    expect(lastName).toHaveAccessibleDescription(BILLING_MESSAGES.lastNameCharacters);
    await user.clear(firstName);
    await user.type(firstName, 'Zoë & Ana');
    expect(firstName).toHaveAccessibleDescription(BILLING_MESSAGES.firstNameCharacters);
  });

  it('lists every US state and territory of SPEC §5 in the state field', async () => {
    const { dialog } = await renderPaymentDialog();
    const options = within(within(dialog).getByLabelText('State')).getAllByRole('option');
    expect(options).toHaveLength(60);
    expect(options.map((option) => option.getAttribute('value'))).toEqual(
      expect.arrayContaining(['DC', 'AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'PR', 'VI', 'UT']),
    );
  });

  it('says the billing information is incomplete and focuses the first invalid field on Pay', async () => {
    const user = userEvent.setup();
    const { dialog, onPaid } = await renderPaymentDialog();
    const scope = within(dialog);
    await user.type(scope.getByLabelText('City'), 'Provo');
    await user.click(payButton(dialog));

    expect(await scope.findByRole('alert')).toHaveTextContent(BILLING_MESSAGES.formInvalid);
    expect(scope.getByLabelText('Address')).toHaveFocus();
    expect(scope.getByText(BILLING_MESSAGES.addressRequired)).toBeInTheDocument();
    expect(scope.getByText(BILLING_MESSAGES.stateRequired)).toBeInTheDocument();
    expect(scope.getByText(BILLING_MESSAGES.zipRequired)).toBeInTheDocument();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('disables Pay when the total is zero', async () => {
    const { dialog } = await renderPaymentDialog({
      items: [
        {
          type: 'custom',
          facilityId: '107',
          accountNumber: '100200300',
          description: 'Custom Payment',
          amount: 0,
        },
      ],
    });
    expect(within(dialog).getByRole('button', { name: 'Pay $0.00' })).toBeDisabled();
  });
});

describe('eCheck fields (SPEC §5 eCheck)', () => {
  async function chooseECheck() {
    const user = userEvent.setup();
    const rendered = await renderPaymentDialog();
    await user.click(within(rendered.dialog).getByRole('radio', { name: 'eCheck' }));
    return { user, scope: within(rendered.dialog), ...rendered };
  }

  it('takes digits only, up to 9 for the routing number and 20 for the account', async () => {
    const { user, scope } = await chooseECheck();
    const routing = scope.getByLabelText('Routing number');
    expect(routing).toHaveAttribute('inputmode', 'numeric');
    await user.type(routing, '49a0-000 01899');
    expect(routing).toHaveValue('490000018');
    const account = scope.getByLabelText('Account number');
    await user.type(account, '1234567890123456789012');
    expect(account).toHaveValue('12345678901234567890');
    expect(scope.getByRole('radio', { name: 'Checking' })).toBeChecked();
    expect(scope.getByRole('radio', { name: 'Savings' })).not.toBeChecked();
  });

  it('checks the numbers when the field is left, including the routing checksum', async () => {
    const { user, scope } = await chooseECheck();
    const routing = scope.getByLabelText('Routing number');
    await user.type(routing, '490000019');
    expect(scope.queryByText(ECHECK_MESSAGES.routingInvalid)).not.toBeInTheDocument();
    await user.tab();
    expect(await scope.findByText(ECHECK_MESSAGES.routingInvalid)).toBeInTheDocument();
    expect(routing).toHaveAccessibleDescription(
      expect.stringContaining(ECHECK_MESSAGES.routingInvalid),
    );

    await user.clear(routing);
    await user.type(routing, '490000018');
    expect(scope.queryByText(ECHECK_MESSAGES.routingInvalid)).not.toBeInTheDocument();

    const account = scope.getByLabelText('Account number');
    await user.click(account);
    await user.tab();
    expect(await scope.findByText(ECHECK_MESSAGES.accountRequired)).toBeInTheDocument();
    await user.type(account, '123');
    await user.tab();
    expect(scope.getByText(ECHECK_MESSAGES.accountLength)).toBeInTheDocument();
  });

  it('focuses the first invalid eCheck field when the billing details are fine', async () => {
    const { user, scope, dialog } = await chooseECheck();
    await fillBilling(user, dialog);
    await user.type(scope.getByLabelText('Account number'), '12');
    await user.click(payButton(dialog));
    expect(await scope.findByText(BILLING_MESSAGES.formInvalid)).toBeInTheDocument();
    expect(scope.getByLabelText('Routing number')).toHaveFocus();
    expect(scope.getByText(ECHECK_MESSAGES.routingRequired)).toBeInTheDocument();
    expect(scope.getByText(ECHECK_MESSAGES.accountLength)).toBeInTheDocument();
  });
});

describe('save e-mail as guarantor (SPEC §5 Submit, §6)', () => {
  const saveBox = () => screen.queryByRole('checkbox', { name: /save this email address/i });

  it('appears only for a custom address that differs from the account, on a totp sign-in', async () => {
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog({ claims: claimsFor({ loginType: 'totp' }) });
    const scope = within(dialog);
    expect(saveBox()).not.toBeInTheDocument();

    await user.click(scope.getByRole('radio', { name: 'Email it to a different email' }));
    const email = scope.getByLabelText('Email address for the receipt');
    await user.type(email, 'Maria.Garcia@example.com');
    expect(saveBox()).not.toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'maria@example.org');
    expect(saveBox()).toBeInTheDocument();

    await user.click(scope.getByRole('radio', { name: 'Email it to maria.garcia@example.com' }));
    expect(saveBox()).not.toBeInTheDocument();
  });

  it('never appears on a PIN sign-in', async () => {
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog({ claims: claimsFor({ loginType: 'pin' }) });
    const scope = within(dialog);
    await user.click(scope.getByRole('radio', { name: 'Email it to a different email' }));
    await user.type(scope.getByLabelText('Email address for the receipt'), 'maria@example.org');
    expect(saveBox()).not.toBeInTheDocument();
  });

  it('checks the custom address', async () => {
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    const scope = within(dialog);
    await user.click(scope.getByRole('radio', { name: 'Email it to a different email' }));
    await user.type(scope.getByLabelText('Email address for the receipt'), 'maria@');
    expect(scope.getByText(BILLING_MESSAGES.emailInvalid)).toBeInTheDocument();
  });

  it('takes a plain address only, not one with a display name', async () => {
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    const scope = within(dialog);
    await user.click(scope.getByRole('radio', { name: 'Email it to a different email' }));
    const address = scope.getByLabelText('Email address for the receipt');
    await user.click(address);
    await user.paste('Attacker<attacker@evil.co>');
    expect(address).toHaveAccessibleDescription(BILLING_MESSAGES.emailInvalid);
  });
});
