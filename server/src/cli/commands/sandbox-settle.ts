import { formatCents } from '@webpay/contracts/money';
import { ConvergeSandboxRepository } from '../../modules/converge-sandbox/converge-sandbox.repository.ts';
import {
  ConvergeSandbox,
  sandboxOptions,
} from '../../modules/converge-sandbox/converge-sandbox.service.ts';
import { usesOwnSandbox } from '../../modules/converge-sandbox/local-sandbox.ts';
import { formatConvergeTime } from '../../modules/payments/index.ts';
import type { Command } from '../command.ts';

export const sandboxSettleCommand: Command = {
  name: 'sandbox-settle',
  summary: "Settle the sandbox card processor's open batch now (development and tests)",
  description: [
    "Closes the Converge emulator's open batch as a settle request would: every approved sale, eCheck debit and return not yet settled is settled now, so its payment can be refunded rather than voided. Batches whose daily settlement time (SANDBOX_SETTLEMENT_TIME) has passed are closed first, at that time.",
    'Only for the sandbox processor: it refuses to run with NODE_ENV=production, with SANDBOX_PROCESSOR off, or when CONVERGE_XML_URL points at another processor.',
  ],
  options: {},
  async run(_values, { io, env, withServices }) {
    if (env.NODE_ENV === 'production' || !usesOwnSandbox(env)) {
      io.err(
        'sandbox-settle: the sandbox processor is not in use (NODE_ENV=production, SANDBOX_PROCESSOR off, ' +
          'or CONVERGE_XML_URL points at another processor); settle batches in the processor itself.',
      );
      return 1;
    }
    return withServices(async (_services, database) => {
      const sandbox = new ConvergeSandbox(
        new ConvergeSandboxRepository(database.db),
        sandboxOptions(env),
      );
      const batch = await sandbox.settleNow();
      if (batch.transactionCount === 0) {
        io.out('sandbox-settle: nothing to settle; the open batch is empty.');
      } else {
        io.out(
          `sandbox-settle: batch ${batch.batchId} settled at ${formatConvergeTime(batch.settledAt)} UTC: ` +
            `${batch.transactionCount} transaction${batch.transactionCount === 1 ? '' : 's'}, net ${formatCents(batch.netCents)}`,
        );
      }
      return 0;
    });
  },
};
