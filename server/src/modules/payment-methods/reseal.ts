import {
  openBankAccount,
  sealBankAccount,
  type PaymentMethodKey,
} from '../../lib/payment-method-keys.ts';
import type { PaymentMethodsRepository } from './payment-methods.repository.ts';

export interface ResealReport {
  /** Accounts found under another key than the first. */
  found: number;
  resealed: number;
  /** Changed by someone else between the read and the write; a second run takes them. */
  skipped: number;
  /** The ids of keys named by stored accounts but not configured; nothing is resealed then. */
  missingKeys: string[];
}

const BATCH = 200;

/**
 * Seals every bank account not under the first key again under it. Every
 * key the stored values name is checked first, so a missing key stops the
 * run before anything is written rather than half-way.
 */
export async function resealBankAccounts(
  repository: PaymentMethodsRepository,
  keyring: readonly PaymentMethodKey[],
  { dryRun }: { dryRun: boolean },
): Promise<ResealReport> {
  const [current] = keyring;
  if (!current) throw new Error('No payment method key is configured');
  const report: ResealReport = { found: 0, resealed: 0, skipped: 0, missingKeys: [] };
  const configured = new Set(keyring.map((key) => key.id));
  for await (const batch of batches(repository, current.id)) {
    report.found += batch.length;
    for (const row of batch) {
      if (
        row.bankKeyId &&
        !configured.has(row.bankKeyId) &&
        !report.missingKeys.includes(row.bankKeyId)
      ) {
        report.missingKeys.push(row.bankKeyId);
      }
    }
  }
  if (dryRun || report.missingKeys.length > 0) return report;

  for await (const batch of batches(repository, current.id)) {
    for (const row of batch) {
      if (!row.bankSealed || !row.bankKeyId) continue;
      const details = openBankAccount(keyring, row.bankSealed, row.bankKeyId);
      const changed = await repository.replaceSeal(
        row.id,
        row.bankSealed,
        sealBankAccount(keyring, details),
      );
      if (changed) report.resealed += 1;
      else report.skipped += 1;
    }
  }
  return report;
}

async function* batches(repository: PaymentMethodsRepository, keyId: string) {
  let after = '';
  for (;;) {
    const batch = await repository.sealedNotUnder(keyId, BATCH, after);
    if (batch.length === 0) return;
    yield batch;
    after = batch[batch.length - 1]?.id ?? after;
  }
}
