import type { PaymentCheckpoint } from '../../src/modules/payments/payment-checkpoints.ts';
import {
  MARIA_LINES,
  completeCard,
  newKey,
  payInLightbox,
  startCard,
  startedCard,
  type TestServer,
} from '../support/payments.ts';
import { payByEcheck } from './payment-driver.ts';

/*
 * One payment per step of the pipeline and method, driven against a server
 * started with that step's WEBPAY_CRASH_AT checkpoint, up to the call
 * during which the server dies. The amounts tell the payments apart.
 */

export type Method = 'card' | 'eCheck';

export interface CrashScenario {
  point: PaymentCheckpoint;
  method: Method;
  amount: number;
  /** Where the payment stands when the process has died. */
  atCrash: { status: 'initiated' | 'in_lightbox' | 'recorded'; charged: boolean };
  /**
   * What the guarantor does after the restart: repeat the call that met the
   * crash (the portal's Try Again, same Idempotency-Key), or walk away.
   */
  guarantor: 'retries' | 'walks away';
  /** Where the payment must stand once everything is settled. */
  finalStatus: 'recorded' | 'cancelled' | 'failed';
}

export interface DrivenPayment {
  key: string;
  /** Known to the portal only once a start answered; otherwise found by key. */
  refNum?: string;
  /** The lightbox's approval, for a completion to repeat. */
  sale?: Record<string, string>;
  /** What the call that met the crash got: a status, or 'no answer'. */
  lastCall: string;
}

export const CRASH_SCENARIOS: CrashScenario[] = [
  // Written, the processor never asked: nothing to lose. A card retry takes the step over.
  {
    point: 'after-initiated',
    method: 'eCheck',
    amount: 71,
    atCrash: { status: 'initiated', charged: false },
    guarantor: 'retries',
    finalStatus: 'failed',
  },
  {
    point: 'after-initiated',
    method: 'card',
    amount: 72,
    atCrash: { status: 'initiated', charged: false },
    guarantor: 'retries',
    finalStatus: 'recorded',
  },
  // A lightbox session nobody got: it expires.
  {
    point: 'after-token-issued',
    method: 'card',
    amount: 73,
    atCrash: { status: 'in_lightbox', charged: false },
    guarantor: 'walks away',
    finalStatus: 'cancelled',
  },
  // Money taken, our write never made: only reconciliation can save these.
  {
    point: 'before-verify',
    method: 'card',
    amount: 74,
    atCrash: { status: 'in_lightbox', charged: true },
    guarantor: 'walks away',
    finalStatus: 'recorded',
  },
  {
    point: 'after-approval',
    method: 'card',
    amount: 75,
    atCrash: { status: 'in_lightbox', charged: true },
    guarantor: 'walks away',
    finalStatus: 'recorded',
  },
  {
    point: 'after-approval',
    method: 'eCheck',
    amount: 76,
    atCrash: { status: 'initiated', charged: true },
    guarantor: 'retries',
    finalStatus: 'recorded',
  },
  // Recorded and committed; the answer and the receipt e-mail are lost.
  {
    point: 'before-receipt-email',
    method: 'card',
    amount: 77,
    atCrash: { status: 'recorded', charged: true },
    guarantor: 'retries',
    finalStatus: 'recorded',
  },
  {
    point: 'before-receipt-email',
    method: 'eCheck',
    amount: 78,
    atCrash: { status: 'recorded', charged: true },
    guarantor: 'retries',
    finalStatus: 'recorded',
  },
];

/** A call that should not come back: its status if it does, else how the connection failed. */
async function outcomeOf(call: Promise<Response>): Promise<string> {
  return call.then(
    (response) => String(response.status),
    // fetch() rejects when the connection closes without an answer.
    () => 'no answer',
  );
}

/** Makes the payment up to the step where `server` is set to die, and the call that dies. */
export async function drivePayment(
  server: TestServer,
  token: string,
  scenario: CrashScenario,
): Promise<DrivenPayment> {
  const key = newKey();
  const body = { accounts: [MARIA_LINES.surgery(scenario.amount)] };
  if (scenario.method === 'eCheck') {
    return { key, lastCall: await outcomeOf(payByEcheck(server, token, scenario.amount, key)) };
  }
  if (scenario.point === 'after-initiated' || scenario.point === 'after-token-issued') {
    return { key, lastCall: await outcomeOf(startCard(server, token, body, key)) };
  }
  const started = await startedCard(server, token, body, key);
  const sale = await payInLightbox(server, started.token);
  if (sale.type !== 'approval') throw new Error(`the sandbox did not approve: ${sale.type}`);
  const lastCall = await outcomeOf(completeCard(server, token, started.refNum, sale.response));
  return { key, refNum: started.refNum, sale: sale.response, lastCall };
}
