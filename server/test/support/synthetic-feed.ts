import { FACILITY } from '@webpay/contracts/facilities';
import { addDays } from '@webpay/contracts/dates';
import { SeededRandom } from '../../src/demo/random.ts';
import {
  feedAmount,
  feedHeader,
  type FeedLine,
} from '../../src/modules/billing-feed/feed-writer.ts';

/*
 * A made-up billing feed of any size, for the import's benchmark and its
 * scale test: guarantors with encounters at every facility, a payment plan
 * for every fourth, a statement each and a few outside payments. The same
 * options always give the same feed.
 */

export interface SyntheticFeedOptions {
  /** Encounters in all, plan encounters included (rounded to whole guarantors). */
  encounters: number;
  generatedAt: Date;
  /** The day the accounts are dated from, YYYY-MM-DD (default: the day of generatedAt). */
  asOf?: string;
  feedId?: string;
  seed?: number;
  /**
   * A later extract of the same accounts: this share of the encounters gets
   * a new balance and half as many again are paid off and left out.
   */
  churn?: number;
}

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Mateo',
  'Sofia',
  'Ethan',
  'Mia',
  'Lucas',
];
const LAST_NAMES = [
  'Smith',
  'Nguyen',
  'Hernandez',
  'Patel',
  'Jensen',
  'Young',
  'Martinez',
  'Kim',
  'Larsen',
  'Brown',
];
const FACILITIES = Object.values(FACILITY);
const ENCOUNTERS_PER_GUARANTOR = 5;

export function syntheticFeedRecords(options: SyntheticFeedOptions): FeedLine[] {
  const random = new SeededRandom(options.seed ?? 20_261_122);
  const churn = new SeededRandom((options.seed ?? 20_261_122) ^ 0x5a5a);
  const today = options.asOf ?? options.generatedAt.toISOString().slice(0, 10);
  const guarantorCount = Math.max(1, Math.round(options.encounters / ENCOUNTERS_PER_GUARANTOR));
  const records: FeedLine[] = [
    feedHeader(options.feedId ?? `SYNTHETIC-${today}`, options.generatedAt),
  ];
  const later = options.churn ?? 0;

  for (let index = 0; index < guarantorCount; index += 1) {
    const account = String(700_000_000 + index);
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const name = `${firstName} ${lastName}`;
    records.push({
      record: 'guarantor',
      accountNumber: account,
      mmi: String(8_000_000 + index),
      firstName,
      lastName,
      birthdate: addDays('1940-01-01', random.int(0, 365 * 60)),
      email: index % 3 === 0 ? `guarantor${index}@example.com` : null,
      supportPhone: null,
      roles: index % 2 === 0 ? ['historical-data'] : [],
      paperless: index % 3 === 0,
    });

    const encounter = (serial: number, facility: string) => {
      let cents = random.int(500, 250_000);
      // Churn draws from its own sequence, so the rest of the feed stays the same.
      const changed = churn.next();
      const paidDown = churn.int(100, 250_000);
      if (changed < later) cents = Math.max(0, cents - paidDown);
      return {
        dropped: changed >= later && changed < later * 1.5,
        fields: {
          facility,
          accountNumber: `${account.slice(3)}${String(serial).padStart(2, '0')}`,
          patientName: random.chance(0.8) ? name : `${random.pick(FIRST_NAMES)} ${lastName}`,
          admitDate: addDays(today, -random.int(5, 700)),
          balance: feedAmount(cents),
          cents,
        },
      };
    };

    let serial = 0;
    let own = ENCOUNTERS_PER_GUARANTOR;
    if (index % 4 === 0) {
      const planEncounters = Array.from({ length: 2 }, () =>
        encounter((serial += 1), FACILITY.hospitalsAndClinics),
      ).map(({ fields: { cents, ...fields } }) => ({ ...fields, cents }));
      own -= planEncounters.length;
      const total = planEncounters.reduce((sum, item) => sum + item.cents, 0);
      const payments = random.int(6, 24);
      const regular = Math.max(100, Math.ceil(total / payments));
      const completed = random.int(0, payments - 1);
      const nextDue = addDays(today, random.int(-20, 25));
      records.push({
        record: 'plan',
        guarantor: account,
        planNumber: `PP-${account}`,
        version: 1,
        type: random.pick(['Mail-in', 'Auto'] as const),
        status: random.chance(0.85) ? 'Active' : 'Broken',
        nextDueDate: nextDue,
        dueAmount: feedAmount(regular),
        overdueAmount: feedAmount(random.chance(0.2) ? regular : 0),
        regularPaymentAmount: feedAmount(regular),
        currentBalance: feedAmount(total),
        numberOfPayments: payments,
        instalments: Array.from({ length: payments }, (_, n) => ({
          number: n + 1,
          dueDate: addDays(nextDue, (n - completed) * 30),
          amount: feedAmount(regular),
          completedAt: n < completed ? addDays(nextDue, (n - completed) * 30 - 3) : null,
        })),
        encounters: planEncounters.map(({ cents: _cents, ...fields }) => fields),
      });
    }
    const mine: { facility: string; accountNumber: string; cents: number }[] = [];
    for (let n = 0; n < own; n += 1) {
      const facility = n === 0 ? FACILITY.hospitalsAndClinics : random.pick(FACILITIES);
      const { dropped, fields } = encounter((serial += 1), facility);
      if (dropped) continue;
      const { cents, ...written } = fields;
      mine.push({ facility, accountNumber: written.accountNumber, cents });
      records.push({ record: 'encounter', guarantor: account, ...written });
    }

    const central = mine.filter((item) => item.facility === FACILITY.hospitalsAndClinics);
    const statementDate = `${today.slice(0, 8)}01`;
    records.push({
      record: 'statement',
      guarantor: account,
      statementDate,
      amountDue: feedAmount(central.reduce((sum, item) => sum + item.cents, 0)),
      dueDate: addDays(statementDate, 24),
      status: 'open',
      lines: central.map((item) => ({
        facility: item.facility,
        accountNumber: item.accountNumber,
        patientName: name,
        description: 'Hospital services',
        serviceDate: addDays(statementDate, -30),
        charges: feedAmount(item.cents),
        payments: '0.00',
        adjustments: '0.00',
        balance: feedAmount(item.cents),
      })),
    });

    const paid = mine.find((item) => item.cents > 2_000);
    if (index % 10 === 0 && paid) {
      records.push({
        record: 'pending_payment',
        guarantor: account,
        receiptId: `M-${account}`,
        paidOn: addDays(today, -2),
        amount: feedAmount(1_000),
        facility: paid.facility,
        accountNumber: paid.accountNumber,
      });
    }
  }
  return records;
}
