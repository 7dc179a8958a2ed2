// A WebPay server that kills itself, as a power cut or an OOM kill would,
// when a payment reaches the step named by WEBPAY_CRASH_AT: no shutdown hook,
// no finally block, no flush. The crash tests start it instead of main.ts;
// the product's entry has no way to do this.
import { writeSync } from 'node:fs';
import {
  PAYMENT_CHECKPOINTS,
  type PaymentCheckpoint,
  type PaymentCheckpoints,
} from '../../src/modules/payments/payment-checkpoints.ts';
import { startWebPay } from '../../src/start.ts';

function crashAt(target: PaymentCheckpoint): PaymentCheckpoints {
  return {
    async reached(checkpoint) {
      if (checkpoint !== target) return;
      // Straight to stderr: the logger buffers, and nothing is flushed after SIGKILL.
      writeSync(2, `crash test: killing the process at ${checkpoint}\n`);
      process.kill(process.pid, 'SIGKILL');
      // The signal may land a moment after kill() returns; nothing may run meanwhile.
      await new Promise<never>(() => undefined);
    },
  };
}

const target = process.env.WEBPAY_CRASH_AT;
if (!PAYMENT_CHECKPOINTS.some((checkpoint) => checkpoint === target)) {
  console.error(`WEBPAY_CRASH_AT must be one of ${PAYMENT_CHECKPOINTS.join(', ')}`);
  process.exit(2);
}
await startWebPay({
  serviceOverrides: { paymentCheckpoints: crashAt(target as PaymentCheckpoint) },
});
