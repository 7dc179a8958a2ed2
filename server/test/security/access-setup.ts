import { API_PATHS } from '@webpay/contracts/api';
import type { PayerInput } from '@webpay/contracts/billing';
import { paymentHistorySchema } from '@webpay/contracts/payment-history';
import type { PaymentLine } from '@webpay/contracts/payments';
import { verificationStartedSchema } from '@webpay/contracts/sign-in';
import { statementListSchema } from '@webpay/contracts/statements';
import type { DemoGuarantor } from '../../src/demo/demo-guarantors.ts';
import {
  application,
  applications,
  householdAnswers,
  submit,
  trackerOf,
} from '../support/assistance.ts';
import { MARIA_PAYER, payInLightbox, startedCard } from '../support/payments.ts';
import { codeFrom, type MailCatcher } from '../support/mail-catcher.ts';
import type { TestServer } from '../support/test-server.ts';
import { recurringOf, type Recurring } from './access-recurring.ts';
import { openLines } from './fuzz-setup.ts';

/*
 * A guarantor's real ids of every kind an endpoint takes, made through the
 * API as the portal makes them: the statements and receipts they have, a
 * line of an account they owe on, card payments at each stage, and e-mail
 * sign-in verifications with their codes, and saved methods and plans.
 */

export interface Verification {
  guarantorId: string;
  verificationId: string;
}

export interface Owned {
  statementId: string;
  receiptId: string;
  line: PaymentLine;
  payer: PayerInput;
  /** A card payment the processor approved in the lightbox, not yet completed. */
  approved: { refNum: string; approval: Record<string, string> };
  /** A card payment still open in the lightbox. */
  openRef: string;
  /** An e-mail sign-in verification and the code e-mailed for it. */
  codeLogin: Verification & { code: string };
  /** Another verification, for asking for a new code. */
  resend: Verification;
  /** Saved payment methods, a card setup and a portal payment plan. */
  recurring: Recurring;
  /** An open financial assistance application's reference. */
  assistanceReference: string;
}

/** A billing address in the guarantor's name (no receipt e-mail, so mailboxes only get codes). */
export function payerOf(guarantor: DemoGuarantor): PayerInput {
  return {
    ...MARIA_PAYER,
    firstName: guarantor.firstName,
    lastName: guarantor.lastName,
    email: null,
  };
}

function first<T>(items: T[], what: string): T {
  const [item] = items;
  if (item === undefined) throw new Error(`no ${what} in the demo data`);
  return item;
}

async function startEmailSignIn(
  server: TestServer,
  guarantor: DemoGuarantor,
  catcher: MailCatcher,
): Promise<Verification & { code: string }> {
  const response = await server.api(API_PATHS.loginEmail, {
    body: { email: guarantor.email, birthdate: guarantor.birthdate },
  });
  const { guarantorId, verificationId } = verificationStartedSchema.parse(await response.json());
  const code = codeFrom(await catcher.waitForMail({ to: guarantor.email ?? '' }));
  return { guarantorId, verificationId, code };
}

export async function ownedBy(
  server: TestServer,
  guarantor: DemoGuarantor,
  token: string,
  catcher: MailCatcher,
): Promise<Owned> {
  const statements = statementListSchema.parse(
    await (await server.api(API_PATHS.statements, { token })).json(),
  );
  const history = paymentHistorySchema.parse(
    await (await server.api(API_PATHS.payments, { token })).json(),
  );
  const line = first(await openLines(server, token), 'open account');
  const payer = payerOf(guarantor);
  const approvedStart = await startedCard(server, token, {
    accounts: [{ ...line, amount: 1.01 }],
    payer,
  });
  const sale = await payInLightbox(server, approvedStart.token);
  if (sale.type !== 'approval') throw new Error(`the sandbox did not approve: ${sale.type}`);
  const open = await startedCard(server, token, { accounts: [{ ...line, amount: 1.02 }], payer });
  const codeLogin = await startEmailSignIn(server, guarantor, catcher);
  const { guarantorId, verificationId } = await startEmailSignIn(server, guarantor, catcher);
  const recurring = await recurringOf(
    { server, guarantor, token },
    payer,
    // Encounter lines name facility-account already; others the account alone.
    line.accountId.includes('-') ? line.accountId : `${line.facilityId}-${line.accountId}`,
  );
  const listed = await applications(server, token);
  const assistance = await trackerOf(
    await submit(server, token, application(householdAnswers(listed.openAccounts, 1, 30_000))),
  );
  return {
    assistanceReference: assistance.reference,
    statementId: first(statements.statements, 'statement').id,
    receiptId: first(history.payments, 'payment').receiptId,
    line,
    payer,
    approved: { refNum: approvedStart.refNum, approval: sale.response },
    openRef: open.refNum,
    codeLogin,
    resend: { guarantorId, verificationId },
    recurring,
  };
}
