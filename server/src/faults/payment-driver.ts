import { API_PATHS, IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import type { RequestContext } from '../lib/request-context.ts';
import { SANDBOX_BANK_ACCOUNTS } from '../modules/converge-sandbox/test-instruments.ts';
import {
  MARIA_LINES,
  MARIA_PAYER,
  newKey,
  type TestServer,
} from '../modules/payments/payments.test-helpers.ts';

/*
 * The eCheck call as the portal makes it, beside the card helpers of
 * payments.test-helpers.ts, for the fault tests of both kinds of server
 * (in-process and spawned).
 */

export const FAULTS_CONTEXT: RequestContext = {
  requestId: 'test-faults',
  correlationId: 'test-faults',
  ipAddress: '',
};

/** POST /payments/ach for Maria's surgery account, with an account the sandbox approves. */
export function payByEcheck(
  server: TestServer,
  token: string,
  amount: number,
  key: string = newKey(),
): Promise<Response> {
  return server.api(API_PATHS.paymentsAch, {
    token,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    body: {
      accounts: [MARIA_LINES.surgery(amount)],
      payer: MARIA_PAYER,
      saveEmailAsGuarantor: false,
      eCheck: {
        routingNumber: SANDBOX_BANK_ACCOUNTS.approved.routingNumber,
        accountNumber: SANDBOX_BANK_ACCOUNTS.approved.accountNumber,
        accountType: 'CHECKING',
      },
    },
  });
}
