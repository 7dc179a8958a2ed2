import {
  API_KEY_HEADER,
  API_PATHS,
  DEVELOPMENT_API_KEY,
  SERVICE_BASE_PATH,
  XHR_MARKER_HEADER,
  XHR_MARKER_VALUE,
} from '@webpay/contracts/api';
import { loginResponseSchema } from '@webpay/contracts/auth';
import { xmlTxn } from '@webpay/server/testkit/converge-sandbox';
import {
  MARIA_LINES,
  payAch,
  payByCard,
  receiptOf,
  type TestServer,
} from '@webpay/server/testkit/payments';
import { DEMO_GUARANTORS } from './fixtures.ts';

/*
 * What the payment desk's specs need besides a browser: payments made as
 * Maria through the portal's own API (the portal's payment dialog has its
 * own specs), and the sandbox processor spoken to directly, as someone in
 * the processor's own screens would.
 */

/** The sandbox processor's credentials, as the server is started for the specs (its defaults). */
const SANDBOX_CREDENTIALS = {
  ssl_merchant_id: 'sandbox-merchant-id',
  ssl_user_id: 'sandbox-user',
  ssl_pin: 'SANDBOX-PIN-NOT-A-SECRET',
};

/** The portal's API of the server at `baseUrl`, as the helpers of the service tests call it. */
export function portalApi(baseUrl: string): TestServer {
  return {
    baseUrl,
    api: (path, request = {}) =>
      fetch(`${baseUrl}${SERVICE_BASE_PATH}${path}`, {
        method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
        headers: {
          [API_KEY_HEADER]: DEVELOPMENT_API_KEY,
          [XHR_MARKER_HEADER]: XHR_MARKER_VALUE,
          ...(request.token ? { Authorization: `Bearer ${request.token}` } : {}),
          ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...request.headers,
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      }),
  };
}

export async function mariaToken(server: TestServer): Promise<string> {
  const { maria } = DEMO_GUARANTORS;
  const response = await server.api(API_PATHS.login, {
    body: { accountNumber: maria.accountNumber, pin: maria.pin },
  });
  if (response.status !== 200) throw new Error(`Maria could not sign in: ${response.status}`);
  return loginResponseSchema.parse(await response.json()).access_token;
}

/** A card payment by Maria, with the sandbox's Visa; its receipt number. */
export async function mariaPaysByCard(baseUrl: string, dollars: number): Promise<string> {
  const server = portalApi(baseUrl);
  const { receipt } = await payByCard(server, await mariaToken(server), {
    accounts: [MARIA_LINES.surgery(dollars)],
  });
  return receipt.receiptId;
}

/** An eCheck payment by Maria from the sandbox's approving account; its receipt number. */
export async function mariaPaysByECheck(baseUrl: string, dollars: number): Promise<string> {
  const server = portalApi(baseUrl);
  const receipt = await receiptOf(
    await payAch(server, await mariaToken(server), { accounts: [MARIA_LINES.surgery(dollars)] }),
  );
  return receipt.receiptId;
}

/** Closes the sandbox processor's open batch, as its daily settlement would. */
export async function settleProcessorBatch(baseUrl: string): Promise<void> {
  const answer = await xmlTxn(baseUrl, {
    ...SANDBOX_CREDENTIALS,
    ssl_transaction_type: 'settle',
  });
  if (answer.ssl_result !== '0') throw new Error(`settle refused: ${JSON.stringify(answer)}`);
}

/** Voids a sale directly at the sandbox processor, outside WebPay. */
export async function voidAtProcessor(
  baseUrl: string,
  txnId: string,
  method: 'card' | 'eCheck',
): Promise<void> {
  const answer = await xmlTxn(baseUrl, {
    ...SANDBOX_CREDENTIALS,
    ssl_transaction_type: method === 'card' ? 'ccvoid' : 'ecsvoid',
    ssl_txn_id: txnId,
  });
  if (answer.ssl_result !== '0') throw new Error(`void refused: ${JSON.stringify(answer)}`);
}
