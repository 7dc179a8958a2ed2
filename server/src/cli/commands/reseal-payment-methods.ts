import { paymentMethodKeyring } from '../../lib/payment-method-keys.ts';
import { AuditRepository } from '../../modules/audit/audit.repository.ts';
import {
  PaymentMethodsRepository,
  resealBankAccounts,
} from '../../modules/payment-methods/index.ts';
import type { Command } from '../command.ts';
import { operatorRequestContext, withMigratedDatabase } from '../operator-run.ts';

const NAME = 'reseal-payment-methods';

export const resealPaymentMethodsCommand: Command = {
  name: NAME,
  summary: 'Seal every saved bank account again under the first PAYMENT_METHOD_KEYS key',
  description: [
    'After a new key is put first in PAYMENT_METHOD_KEYS (docs/payment-methods.md, Key rotation), seals every saved bank account that is under another key again under the new one, in batches, and reports how many it found and re-sealed. Once it reports none left, the old key can be taken out of PAYMENT_METHOD_KEYS.',
    'Every key the stored accounts name must still be configured: when one is not, nothing is changed and the missing key ids are reported. A run can be repeated safely; an account changed meanwhile is left to the next run.',
  ],
  options: {
    'dry-run': { type: 'boolean', description: 'count what would be re-sealed; change nothing' },
  },
  async run(values, command) {
    const { io, env } = command;
    const dryRun = values['dry-run'] === true;
    const keyring = paymentMethodKeyring(env.PAYMENT_METHOD_KEYS, env.JWT_SECRET);
    const context = operatorRequestContext(NAME);
    return withMigratedDatabase(command, async (database) => {
      const repository = new PaymentMethodsRepository(database.db, keyring);
      const report = await resealBankAccounts(repository, keyring, { dryRun });
      if (report.missingKeys.length > 0) {
        io.err(
          `${NAME}: ${report.found} bank account(s) are under another key, and these keys are not configured in PAYMENT_METHOD_KEYS: ${report.missingKeys.join(', ')}. Add them back (after the first key) and run again; nothing was changed.`,
        );
        return 1;
      }
      const under = keyring[0]?.id ?? '';
      if (dryRun) {
        io.out(`${report.found} bank account(s) would be re-sealed under key ${under} (dry run).`);
        return 0;
      }
      await new AuditRepository(database.db).record(context, {
        action: 'payment_method.resealed',
        outcome: 'success',
        actorType: 'operator',
        details: {
          keyId: under,
          found: report.found,
          resealed: report.resealed,
          skipped: report.skipped,
        },
      });
      io.out(
        `${report.resealed} of ${report.found} bank account(s) re-sealed under key ${under}` +
          (report.skipped > 0 ? `; ${report.skipped} changed meanwhile, run again for them.` : '.'),
      );
      return 0;
    });
  },
};
