import { EXTERNAL_FACILITY_CODES, FACILITY } from '@webpay/contracts/facilities';
import type {
  AccountBuilder,
  EncounterRef,
  PaymentLineSpec,
  PaymentMethodSpec,
  PlanRef,
  PlanSpec,
} from './account-builder.ts';
import { addDays, addMonths } from './calendar.ts';
import { ROBERT_COUNTS } from './demo-guarantors.ts';
import { at, SeededRandom } from './random.ts';

/*
 * Robert Johnson's large account (DEMO_DATA.md §4), generated from a fixed
 * seed. Every random draw is an amount, a choice or a day offset from today,
 * and no draw depends on the calendar, so the figures are the same on every
 * run and every day; only the dates move with today.
 */

const SEED = 400_500_600;

const FAMILY = [
  'Robert Johnson',
  'Robert Johnson',
  'Robert Johnson',
  'Susan Johnson',
  'Michael Johnson',
  'Emily Johnson',
] as const;

const CENTRAL_SERVICES = [
  'Emergency department visit',
  'Outpatient surgery',
  'Inpatient stay',
  'Cardiology consultation',
  'Physical therapy',
  'Radiology: MRI',
  'Radiology: CT scan',
  'Laboratory services',
  'Office visit',
  'Sleep study',
  'Colonoscopy',
  'Cardiac stress test',
] as const;

const EXTERNAL_SERVICES: Record<(typeof EXTERNAL_FACILITY_CODES)[number], readonly string[]> = {
  [FACILITY.centralLab]: ['Comprehensive metabolic panel', 'Lipid panel', 'Blood count'],
  [FACILITY.homeCare]: ['Home nursing visits', 'Home infusion therapy', 'Wound care visits'],
  [FACILITY.saltLakeClinicLab]: ['Urinalysis', 'A1C test', 'Thyroid panel'],
  [FACILITY.medicalEquipment]: ['CPAP supplies', 'Walker rental', 'Blood glucose monitor'],
};

/** First account number per other facility, clear of Maria's and James's. */
const EXTERNAL_ACCOUNT_BASE: Record<(typeof EXTERNAL_FACILITY_CODES)[number], number> = {
  [FACILITY.centralLab]: 84_001,
  [FACILITY.homeCare]: 64_001,
  [FACILITY.saltLakeClinicLab]: 74_001,
  [FACILITY.medicalEquipment]: 94_001,
};

const CARDS: readonly PaymentMethodSpec[] = [
  { method: 'card', brand: 'VISA', last4: '1881', expiry: '05/28' },
  { method: 'card', brand: 'MC', last4: '5100', expiry: '10/27' },
  { method: 'card', brand: 'AMEX', last4: '3005', expiry: '02/29' },
  { method: 'card', brand: 'DISC', last4: '6011', expiry: '07/28' },
];
const BANK_ACCOUNTS: readonly PaymentMethodSpec[] = [
  {
    method: 'eCheck',
    accountType: 'CHECKING',
    routingNumber: '490000018',
    accountNumber: '000555123456',
  },
  {
    method: 'eCheck',
    accountType: 'SAVINGS',
    routingNumber: '490000018',
    accountNumber: '000555987654',
  },
];

const PAYMENT_MIX = {
  plan: 14,
  external: 10,
  encounter: ROBERT_COUNTS.payments - 14 - 10,
} as const;

interface Dated {
  ref: EncounterRef;
  /** Days before today the encounter was admitted. */
  age: number;
  balanceCents: number;
}

// eslint-disable-next-line max-lines-per-function -- a script of Robert's large account in the order DEMO_DATA.md describes it; its seeded random draws depend on that order
export function buildRobert(account: AccountBuilder): void {
  const random = new SeededRandom(SEED);
  const today = account.today;

  const main: Dated[] = [];
  for (let i = 0; i < ROBERT_COUNTS.mainEncounters; i += 1) {
    const age = random.int(20, 1_080);
    const balanceCents = random.chance(0.12) ? 0 : random.int(1_500, 250_000);
    const adjustmentsCents = random.chance(0.6) ? random.int(5, 400) * 100 : 0;
    const ref = account.encounter({
      facilityId: FACILITY.hospitalsAndClinics,
      accountNumber: String(40_400_001 + i),
      patientName: random.pick(FAMILY),
      admitDate: addDays(today, -age),
      balanceCents,
      description: random.pick(CENTRAL_SERVICES),
      adjustmentsCents,
    });
    main.push({ ref, age, balanceCents });
  }

  const plans: PlanRef[] = [];
  let planEncounterNumber = 40_500_001;
  for (let p = 0; p < ROBERT_COUNTS.paymentPlans; p += 1) {
    // The first three cover every type and status; the rest are drawn.
    const type: PlanSpec['type'] =
      p < 3
        ? at(['Mail-in', 'Auto', 'Unknown'] as const, p)
        : random.chance(0.1)
          ? 'Unknown'
          : random.pick(['Mail-in', 'Auto'] as const);
    const status: PlanSpec['status'] =
      p < 3
        ? at(['Active', 'Broken', 'Unknown'] as const, p)
        : random.chance(0.7)
          ? 'Active'
          : random.chance(0.65)
            ? 'Broken'
            : 'Unknown';
    const numberOfPayments = random.int(6, 24);
    const completedPayments = random.int(1, numberOfPayments - 1);
    const regularPaymentCents = random.int(25, 250) * 100;
    const finalInstalmentCents = random.int(10, regularPaymentCents / 100) * 100;
    const remaining = numberOfPayments - completedPayments;
    const currentBalanceCents = regularPaymentCents * (remaining - 1) + finalInstalmentCents;
    const overdue = p % 3 === 1 || random.chance(0.2);
    const missedCents = overdue
      ? random.pick([regularPaymentCents, regularPaymentCents / 2, regularPaymentCents * 2])
      : 0;
    const firstOpen = completedPayments + 1;
    const atNextDue = missedCents > 0 && firstOpen < numberOfPayments ? firstOpen + 1 : firstOpen;
    const dueCents = atNextDue === numberOfPayments ? finalInstalmentCents : regularPaymentCents;
    // What is due now and what is overdue never exceed the pay-off amount.
    const overdueCents = Math.max(0, Math.min(missedCents, currentBalanceCents - dueCents));
    const dueOffset =
      status === 'Broken'
        ? random.int(-60, -1)
        : status === 'Active'
          ? random.int(-3, 25)
          : random.int(-20, 25);
    const nextDueDate = addDays(today, dueOffset);
    const firstDueDate = addMonths(nextDueDate, 1 - atNextDue);

    const encounterCount = random.int(2, 6);
    const balances = random.split(currentBalanceCents, encounterCount, 100);
    const encounters = balances.map((balanceCents) => ({
      facilityId: FACILITY.hospitalsAndClinics,
      accountNumber: String(planEncounterNumber++),
      patientName: random.pick(FAMILY),
      admitDate: addDays(firstDueDate, -random.int(20, 120)),
      balanceCents,
      description: random.pick(CENTRAL_SERVICES),
      adjustmentsCents: random.chance(0.5) ? random.int(5, 300) * 100 : 0,
    }));

    plans.push(
      account.plan({
        planNumber: `PP-${4101 + p}`,
        version: random.int(1, 3),
        type,
        status,
        nextDueDate,
        dueCents,
        overdueCents,
        regularPaymentCents,
        numberOfPayments,
        completedPayments,
        finalInstalmentCents,
        encounters,
      }),
    );
  }

  const external: Dated[] = [];
  for (let i = 0; i < ROBERT_COUNTS.otherFacilityEncounters; i += 1) {
    const facilityId = at(EXTERNAL_FACILITY_CODES, i % EXTERNAL_FACILITY_CODES.length);
    const age = random.int(10, 720);
    const balanceCents = random.chance(0.1) ? 0 : random.int(500, 60_000);
    const ref = account.encounter({
      facilityId,
      accountNumber: String(EXTERNAL_ACCOUNT_BASE[facilityId] + Math.floor(i / 4)),
      patientName: random.pick(FAMILY),
      admitDate: addDays(today, -age),
      balanceCents,
      description: random.pick(EXTERNAL_SERVICES[facilityId]),
    });
    external.push({ ref, age, balanceCents });
  }

  const kinds = [
    ...Array<'encounter'>(PAYMENT_MIX.encounter).fill('encounter'),
    ...Array<'plan'>(PAYMENT_MIX.plan).fill('plan'),
    ...Array<'external'>(PAYMENT_MIX.external).fill('external'),
  ];
  // Interleave the kinds so receipt numbers do not group them.
  for (let i = kinds.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [kinds[i], kinds[j]] = [at(kinds, j), at(kinds, i)];
  }
  const usedInstalments = new Set<string>();
  kinds.forEach((kind, index) => {
    const pay = random.chance(0.7) ? random.pick(CARDS) : random.pick(BANK_ACCOUNTS);
    const time = `${String(random.int(7, 21)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}`;
    const receiptId = `R-${60_001 + index}`;
    let date: string;
    const lines: PaymentLineSpec[] = [];
    if (kind === 'plan') {
      const [plan, instalment] = pickUnpaidInstalment(random, plans, usedInstalments);
      date = instalment.completedAt ?? today;
      lines.push({ kind: 'plan', plan, amountCents: instalment.amountCents });
    } else {
      const pool = kind === 'external' ? external : main;
      const first = random.pick(pool);
      const offset = random.int(3, first.age - 1);
      date = addDays(today, offset - first.age);
      lines.push({
        kind: 'encounter',
        encounter: first.ref,
        amountCents: random.int(1_000, 50_000),
      });
      // Some payments cover two encounters admitted before the payment date.
      if (kind === 'encounter' && random.chance(0.25)) {
        const daysAgo = first.age - offset;
        const candidates = main.filter((other) => other !== first && other.age > daysAgo + 2);
        if (candidates.length > 0) {
          const second = random.pick(candidates);
          lines.push({
            kind: 'encounter',
            encounter: second.ref,
            amountCents: random.int(1_000, 30_000),
          });
        }
      }
    }
    account.payment({ receiptId, date, time, pay, lines });
  });

  // Received but not yet applied: two encounter payments and one plan payment.
  const owing = main.filter((entry) => entry.balanceCents >= 5_000);
  const [pendingA, pendingB] = [at(owing, 3), at(owing, 11)];
  account.pendingPayment({ encounter: pendingA.ref }, 'R-69001', addDays(today, -1), 2_500);
  account.pendingPayment({ encounter: pendingB.ref }, 'R-69002', addDays(today, -3), 4_000);
  const plan = at(plans, 0);
  account.pendingPayment(
    { plan },
    'R-69003',
    addDays(today, -2),
    at(plan.instalments, 0).amountCents,
  );

  account.statements(ROBERT_COUNTS.statements);
}

function pickUnpaidInstalment(
  random: SeededRandom,
  plans: readonly PlanRef[],
  used: Set<string>,
): [PlanRef, PlanRef['instalments'][number]] {
  const open = plans.flatMap((plan) =>
    plan.instalments
      .filter(
        (instalment) => instalment.completedAt && !used.has(`${plan.id}:${instalment.number}`),
      )
      .map((instalment) => [plan, instalment] as [PlanRef, PlanRef['instalments'][number]]),
  );
  const choice = random.pick(open);
  used.add(`${choice[0].id}:${choice[1].number}`);
  return choice;
}
