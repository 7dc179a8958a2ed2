import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BILLING_MESSAGES_ES, ECHECK_MESSAGES_ES } from '@webpay/contracts/billing';
import { dayIn } from '@webpay/contracts/dates';
import { formatDateIn } from '@webpay/contracts/language';
import { PAYMENT_MESSAGES_ES } from '@webpay/contracts/payments';
import { chooseLanguage } from '@/lib/language.ts';
import { fakeService, json, type FakeCall } from '@test/render-app.tsx';
import { fakeConverge } from '../../../../test/payments/fake-converge.ts';
import { cardReceipt } from '../../../../test/payments/payment-fixtures.ts';
import { GENERIC_PROBLEM } from '../utils/payment-problems.ts';
import { PaymentErrorPanel } from './payment-error-panel.tsx';
import {
  fillBilling,
  payButton,
  renderPaymentDialog,
} from '../../../../test/payments/render-payment-dialog.tsx';

const START = 'POST /payments/init';
const ACH = 'POST /payments/ach';
const CANCEL = 'DELETE /payments/PAY-1001';
const started = () => json({ refNum: 'PAY-1001', token: 'lightbox-token-1' });
const cancelled = () => new Response(null, { status: 204 });
const callsTo = (calls: FakeCall[], route: string) =>
  calls.filter((call) => `${call.method} ${call.path}` === route);

describe('the payment dialog in Spanish', () => {
  beforeEach(() => {
    chooseLanguage('es');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('words the summary, the billing fields, the choices, the note and the buttons', async () => {
    const { dialog } = await renderPaymentDialog();
    const scope = within(dialog);
    expect(scope.getByRole('heading', { name: 'Hacer un pago' })).toBeInTheDocument();
    expect(scope.getByRole('heading', { name: 'Resumen del pago' })).toBeInTheDocument();
    expect(scope.getByText('PP-7001-1 | Plan de pagos')).toBeInTheDocument();
    expect(scope.getByText('107-40010001 | Maria Garcia')).toBeInTheDocument();
    expect(scope.getByText('Monto total').parentElement).toHaveTextContent('$325.00');
    expect(scope.getByRole('region', { name: 'Información de facturación' })).toBeInTheDocument();
    expect(scope.getByLabelText('Nombre')).toHaveValue('Maria');
    expect(scope.getByLabelText('Apellido')).toHaveValue('Garcia');
    expect(scope.getByLabelText('Estado')).toHaveDisplayValue('Seleccione un estado');
    expect(
      within(scope.getByLabelText('Estado')).getByRole('option', { name: 'Utah' }),
    ).toBeInTheDocument();
    expect(scope.getByRole('group', { name: 'Forma de pago' })).toBeInTheDocument();
    expect(scope.getByRole('radio', { name: 'Tarjeta' })).toBeChecked();
    expect(scope.getByRole('radio', { name: 'Enviarlo a maria.garcia@example.com' })).toBeChecked();
    expect(
      scope.getByRole('radio', { name: 'No enviar el recibo por correo electrónico' }),
    ).not.toBeChecked();
    expect(scope.getByText(PAYMENT_MESSAGES_ES.securityNote)).toBeInTheDocument();
    expect(scope.getByRole('button', { name: 'Cancelar' })).toBeEnabled();
    expect(scope.getByRole('button', { name: 'Pagar $325.00' })).toBeEnabled();
  });

  it('shows the billing and eCheck errors in Spanish and says the form is incomplete', async () => {
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    const scope = within(dialog);
    const firstName = scope.getByLabelText('Nombre');
    await user.clear(firstName);
    expect(await scope.findByText(BILLING_MESSAGES_ES.firstNameRequired)).toBeInTheDocument();
    expect(firstName).toHaveAccessibleDescription('El nombre es obligatorio');
    await user.type(firstName, 'Maria');

    await user.click(scope.getByRole('radio', { name: 'Cheque electrónico' }));
    expect(scope.getByRole('radio', { name: 'Cuenta de cheques' })).toBeChecked();
    const routing = scope.getByLabelText('Número de ruta bancaria');
    await user.type(routing, '490000019');
    await user.tab();
    expect(await scope.findByText(ECHECK_MESSAGES_ES.routingInvalid)).toBeInTheDocument();

    await user.click(payButton(dialog));
    expect(await scope.findByRole('alert')).toHaveTextContent(
      'Complete correctamente toda la información de facturación obligatoria.',
    );
    expect(scope.getByLabelText('Dirección')).toHaveFocus();
    expect(scope.getByText('La dirección es obligatoria')).toBeInTheDocument();
    expect(scope.getByText('El código postal es obligatorio')).toBeInTheDocument();
  });

  it('words the custom receipt address and its error', async () => {
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    const scope = within(dialog);
    await user.click(
      scope.getByRole('radio', {
        name: 'Enviarlo a otra dirección de correo electrónico',
      }),
    );
    await user.type(
      scope.getByLabelText('Dirección de correo electrónico para el recibo'),
      'maria@',
    );
    expect(
      scope.getByText('Ingrese una dirección de correo electrónico válida'),
    ).toBeInTheDocument();
  });

  it('refuses line breaks, tabs and display names at the field, in Spanish', async () => {
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    const scope = within(dialog);
    const address = scope.getByLabelText('Dirección');
    await user.click(address);
    await user.paste('Calle\tMayor 1');
    expect(address).toHaveAccessibleDescription(
      'No se permiten saltos de línea, tabulaciones ni otros caracteres de control',
    );
    await user.clear(address);
    await user.type(address, 'Calle Mayor 1');

    await user.click(
      scope.getByRole('radio', { name: 'Enviarlo a otra dirección de correo electrónico' }),
    );
    const email = scope.getByLabelText('Dirección de correo electrónico para el recibo');
    await user.click(email);
    await user.paste('Attacker<attacker@evil.co>');
    expect(email).toHaveAccessibleDescription('Ingrese una dirección de correo electrónico válida');
  });

  it('announces the card window and shows a decline in Spanish, while the cancel reason stays English', async () => {
    const service = fakeService({ [START]: started, [CANCEL]: cancelled });
    const converge = fakeConverge();
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    await fillBilling(user, dialog);
    await user.click(payButton(dialog));

    expect(
      await screen.findByText('Abriendo la ventana segura para la tarjeta…'),
    ).toBeInTheDocument();
    await converge.load();
    const { callbacks } = await converge.opened();
    callbacks.onDeclined({ ssl_result: '1', ssl_result_message: 'DECLINED' });

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Pago rechazado');
    expect(panel).toHaveTextContent('Use otra tarjeta o pague con cheque electrónico.');
    expect(within(panel).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument();
    expect(callsTo(service.calls, CANCEL)[0]?.body).toEqual({
      message: 'Card declined in the lightbox: DECLINED',
    });
  });

  it('says in Spanish that the card window could not be loaded', async () => {
    fakeService({ [START]: started, [CANCEL]: cancelled });
    const converge = fakeConverge();
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    await fillBilling(user, dialog);
    await user.click(payButton(dialog));
    await converge.failToLoad();

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent(PAYMENT_MESSAGES_ES.lightboxInitFailedTitle);
    expect(panel).toHaveTextContent('No se pudo cargar la ventana segura para la tarjeta.');
  });

  it('switches language at once, keeping what was typed and rewording a shown error', async () => {
    chooseLanguage('en');
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    const scope = within(dialog);
    await user.type(scope.getByLabelText('Address'), '12 Canyon Rd');
    await user.type(scope.getByLabelText('ZIP code'), '841');
    expect(scope.getByText('ZIP code must be in format 12345 or 12345-6789')).toBeInTheDocument();

    act(() => chooseLanguage('es'));
    expect(scope.getByLabelText('Dirección')).toHaveValue('12 Canyon Rd');
    expect(
      scope.getByText('El código postal debe tener el formato 12345 o 12345-6789'),
    ).toBeInTheDocument();
    expect(scope.getByRole('button', { name: 'Pagar $325.00' })).toBeInTheDocument();
  });

  it('words the eCheck authorization in Spanish, asks for it in Spanish and sends the Spanish text', async () => {
    const service = fakeService({ [ACH]: () => json(cardReceipt({ card: null })) });
    const user = userEvent.setup();
    const { dialog, onPaid } = await renderPaymentDialog();
    const scope = within(dialog);
    await fillBilling(user, dialog);
    await user.click(scope.getByRole('radio', { name: 'Cheque electrónico' }));
    await user.type(scope.getByLabelText('Número de ruta bancaria'), '490000018');
    await user.type(scope.getByLabelText('Número de cuenta'), '123456789');
    const today = formatDateIn('es', dayIn('America/Denver'));
    const text = `Autorizo a Canyon Health a realizar un único débito electrónico (ACH) de $325.00 de mi cuenta de cheques terminada en 6789 el ${today}. Esta autorización es solo para este pago. Para preguntas sobre el pago, puedo comunicarme con la oficina de facturación al (801) 555-0142 o a billing@example.com.`;
    const box = scope.getByRole('group', { name: 'Autorización del cheque electrónico' });
    expect(within(box).getByText(text)).toBeInTheDocument();

    await user.click(payButton(dialog));
    const accept = scope.getByRole('checkbox', { name: 'He leído y acepto esta autorización' });
    expect(accept).toHaveFocus();
    expect(
      await scope.findByText('Acepte la autorización para pagar con cheque electrónico'),
    ).toBeVisible();
    expect(callsTo(service.calls, ACH)).toEqual([]);

    await user.click(accept);
    await user.click(payButton(dialog));
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalled());
    const [call] = callsTo(service.calls, ACH);
    expect(call?.body).toMatchObject({ authorization: { accepted: true, text } });
    expect(call?.headers.get('Accept-Language')).toBe('es');
  });

  it('ends an acceptance given in English when the page turns Spanish', async () => {
    chooseLanguage('en');
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    const scope = within(dialog);
    await user.click(scope.getByRole('radio', { name: 'eCheck' }));
    await user.click(
      scope.getByRole('checkbox', { name: 'I have read and accept this authorization' }),
    );
    act(() => chooseLanguage('es'));
    expect(
      scope.getByRole('checkbox', { name: 'He leído y acepto esta autorización' }),
    ).not.toBeChecked();
  });

  it('shows the generic failure in Spanish', () => {
    render(<PaymentErrorPanel problem={GENERIC_PROBLEM} onDismiss={vi.fn()} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES_ES.processingFailed);
  });
});
