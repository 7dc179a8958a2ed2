import { hashPin as defaultHashPin } from '../lib/secrets.ts';
import { AccountBuilder, emptyRows, type DemoRows, type PayerSpec } from './account-builder.ts';
import { assertIsoDate } from './calendar.ts';
import { DEMO_GUARANTORS, type DemoGuarantorKey } from './demo-guarantors.ts';
import { buildAna, buildJames, buildLinda, buildMaria } from './fixed-accounts.ts';
import { buildRobert } from './robert.ts';

export type { DemoRows } from './account-builder.ts';

/**
 * Fingerprint key of the demo bank accounts. A deployment configures its own
 * key for real payments; demo rows only need to be internally consistent.
 */
export const DEMO_FINGERPRINT_KEY = 'webpay-demo-bank-account-fingerprint';

export interface DemoDatasetOptions {
  /** The day the data is loaded, YYYY-MM-DD; due dates and statements are relative to it. */
  today: string;
  fingerprintKey?: string;
  /** Replaces PIN hashing (tests compare two builds, which salted hashes would tell apart). */
  hashPin?: (pin: string) => Promise<string>;
}

const PAYERS: Record<DemoGuarantorKey, PayerSpec> = {
  maria: { address: '245 E 400 S', city: 'Salt Lake City', state: 'UT', zipCode: '84111' },
  james: { address: '1820 E Sunnyside Ave', city: 'Salt Lake City', state: 'UT', zipCode: '84108' },
  linda: { address: '990 S 1100 E', city: 'Salt Lake City', state: 'UT', zipCode: '84105' },
  robert: { address: '1875 S Highland Dr', city: 'Salt Lake City', state: 'UT', zipCode: '84106' },
  ana: { address: '455 W 800 N', city: 'Salt Lake City', state: 'UT', zipCode: '84103' },
};

const BUILDERS: Record<DemoGuarantorKey, (account: AccountBuilder) => void> = {
  maria: buildMaria,
  james: buildJames,
  linda: buildLinda,
  robert: buildRobert,
  ana: buildAna,
};

/** Every row of DEMO_DATA.md, ready to insert; nothing touches the database. */
export async function buildDemoDataset(options: DemoDatasetOptions): Promise<DemoRows> {
  const context = {
    today: assertIsoDate(options.today, 'demo data "today"'),
    fingerprintKey: options.fingerprintKey ?? DEMO_FINGERPRINT_KEY,
  };
  const hash = options.hashPin ?? defaultHashPin;
  const keys = Object.keys(DEMO_GUARANTORS) as DemoGuarantorKey[];
  const pinHashes = await Promise.all(keys.map((key) => hash(DEMO_GUARANTORS[key].pin)));
  const rows = emptyRows();
  keys.forEach((key, index) => {
    const account = new AccountBuilder(
      rows,
      context,
      DEMO_GUARANTORS[key],
      pinHashes[index] ?? '',
      PAYERS[key],
    );
    BUILDERS[key](account);
  });
  return rows;
}
