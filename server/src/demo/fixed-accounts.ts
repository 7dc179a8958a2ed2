import { FACILITY } from '@webpay/contracts/facilities';
import type { AccountBuilder } from './account-builder.ts';
import { addDays } from './calendar.ts';

/*
 * The hand-written accounts of DEMO_DATA.md §1–3 and §5. Figures the
 * document gives are copied exactly; the rest (charges, adjustments, past
 * payments, statement lines) is chosen so that they add up to them.
 */

const { hospitalsAndClinics, centralLab, homeCare, saltLakeClinicLab, medicalEquipment } = FACILITY;

/** Maria Garcia: every feature of the portal. */
// eslint-disable-next-line max-lines-per-function -- a script of Maria's account as DEMO_DATA.md lists it, read top to bottom beside that document
export function buildMaria(account: AccountBuilder): void {
  const today = account.today;

  const surgery = account.encounter({
    facilityId: hospitalsAndClinics,
    accountNumber: '40010001',
    patientName: 'Maria Garcia',
    admitDate: '2026-06-02',
    balanceCents: 125_000,
    description: 'Outpatient surgery',
    adjustmentsCents: 17_500,
  });
  const emergency = account.encounter({
    facilityId: hospitalsAndClinics,
    accountNumber: '40010002',
    patientName: 'Daniel Garcia',
    admitDate: '2026-08-15',
    balanceCents: 31_045,
    description: 'Emergency department visit',
    adjustmentsCents: 10_000,
  });
  const imaging = account.encounter({
    facilityId: hospitalsAndClinics,
    accountNumber: '40010003',
    patientName: 'Maria Garcia',
    admitDate: '2026-09-30',
    balanceCents: 0,
    description: 'Laboratory and imaging',
    adjustmentsCents: 3_000,
  });

  const mailIn = account.plan({
    planNumber: 'PP-7001',
    version: 1,
    type: 'Mail-in',
    status: 'Active',
    nextDueDate: addDays(today, 10),
    dueCents: 15_000,
    overdueCents: 7_500,
    regularPaymentCents: 15_000,
    numberOfPayments: 12,
    completedPayments: 5,
    encounters: [
      {
        facilityId: hospitalsAndClinics,
        accountNumber: '40009001',
        patientName: 'Maria Garcia',
        admitDate: '2026-01-20',
        balanceCents: 98_000,
        description: 'Inpatient stay',
        adjustmentsCents: 25_000,
      },
      {
        facilityId: hospitalsAndClinics,
        accountNumber: '40009002',
        patientName: 'Daniel Garcia',
        admitDate: '2026-02-11',
        balanceCents: 50_000,
        description: 'Emergency department visit',
        adjustmentsCents: 6_000,
      },
    ],
  });
  const auto = account.plan({
    planNumber: 'PP-7002',
    version: 3,
    type: 'Auto',
    status: 'Broken',
    nextDueDate: addDays(today, -5),
    dueCents: 8_000,
    overdueCents: 0,
    regularPaymentCents: 8_000,
    numberOfPayments: 10,
    completedPayments: 2,
    encounters: [
      {
        facilityId: hospitalsAndClinics,
        accountNumber: '40009010',
        patientName: 'Maria Garcia',
        admitDate: '2025-11-03',
        balanceCents: 64_000,
        description: 'Outpatient procedure',
        adjustmentsCents: 12_500,
      },
    ],
  });

  account.encounter({
    facilityId: centralLab,
    accountNumber: '80001',
    patientName: 'Maria Garcia',
    admitDate: '2026-06-03',
    balanceCents: 4_520,
    description: 'Laboratory tests',
  });
  account.encounter({
    facilityId: centralLab,
    accountNumber: '80002',
    patientName: 'Daniel Garcia',
    admitDate: '2026-08-16',
    balanceCents: 1_200,
    description: 'Laboratory tests',
  });
  const equipment = account.encounter({
    facilityId: medicalEquipment,
    accountNumber: '91001',
    patientName: 'Maria Garcia',
    admitDate: '2026-06-20',
    balanceCents: 22_000,
    description: 'Knee brace and crutches',
  });

  const checking = {
    method: 'eCheck',
    accountType: 'CHECKING',
    routingNumber: '490000018',
    accountNumber: '000123456789',
  } as const;
  account.payment({
    receiptId: 'R-8101',
    date: '2026-07-15',
    time: '19:42',
    pay: { method: 'card', brand: 'DISC', last4: '0026', expiry: '08/29' },
    lines: [{ kind: 'encounter', encounter: equipment, amountCents: 5_000 }],
  });
  account.payment({
    receiptId: 'R-8102',
    date: '2026-07-20',
    time: '16:05',
    pay: checking,
    lines: [{ kind: 'encounter', encounter: surgery, amountCents: 20_000 }],
  });
  account.payment({
    receiptId: 'R-8103',
    date: '2026-09-05',
    time: '18:30',
    pay: { method: 'card', brand: 'VISA', last4: '1111', expiry: '09/29' },
    lines: [
      { kind: 'encounter', encounter: surgery, amountCents: 10_000 },
      { kind: 'encounter', encounter: emergency, amountCents: 4_000 },
    ],
  });
  account.payment({
    receiptId: 'R-8104',
    date: '2026-10-21',
    time: '15:12',
    pay: { method: 'card', brand: 'MC', last4: '4444', expiry: '03/28' },
    lines: [{ kind: 'encounter', encounter: imaging, amountCents: 18_500 }],
  });
  // Instalments paid through the portal carry the instalment's own date.
  const mailInPaid = mailIn.instalments[4];
  if (mailInPaid?.completedAt) {
    account.payment({
      receiptId: 'R-8105',
      date: mailInPaid.completedAt,
      time: '14:25',
      pay: { method: 'card', brand: 'AMEX', last4: '8431', expiry: '11/27' },
      lines: [{ kind: 'plan', plan: mailIn, amountCents: mailInPaid.amountCents }],
    });
  }
  const autoPaid = auto.instalments[1];
  if (autoPaid?.completedAt) {
    account.payment({
      receiptId: 'R-8106',
      date: autoPaid.completedAt,
      time: '09:00',
      pay: { ...checking, accountType: 'SAVINGS', accountNumber: '000987654321' },
      lines: [{ kind: 'plan', plan: auto, amountCents: autoPaid.amountCents }],
    });
  }

  account.pendingPayment({ encounter: surgery }, 'R-9001', '2026-11-01', 5_000);
  account.statements(6);
}

/** James Wilson: other facilities only, so his first tab is Home Care. */
export function buildJames(account: AccountBuilder): void {
  account.encounter({
    facilityId: homeCare,
    accountNumber: '60001',
    patientName: 'James Wilson',
    admitDate: '2026-08-22',
    balanceCents: 8_999,
    description: 'Home nursing visits',
  });
  account.encounter({
    facilityId: saltLakeClinicLab,
    accountNumber: '70001',
    patientName: 'James Wilson',
    admitDate: '2026-09-10',
    balanceCents: 15_000,
    description: 'Blood panel',
  });
  account.encounter({
    facilityId: saltLakeClinicLab,
    accountNumber: '70002',
    patientName: 'Emma Wilson',
    admitDate: '2026-09-10',
    balanceCents: 3_550,
    description: 'Throat culture',
  });
}

/** Linda Chen: one encounter, fully covered, nothing owed. */
export function buildLinda(account: AccountBuilder): void {
  account.encounter({
    facilityId: hospitalsAndClinics,
    accountNumber: '40030001',
    patientName: 'Linda Chen',
    admitDate: '2026-05-10',
    balanceCents: 0,
    description: 'Annual physical',
    adjustmentsCents: 24_000,
  });
}

/** Ana Torres: has a bill, has not signed up yet. */
export function buildAna(account: AccountBuilder): void {
  account.encounter({
    facilityId: hospitalsAndClinics,
    accountNumber: '40050001',
    patientName: 'Ana Torres',
    admitDate: '2026-10-12',
    balanceCents: 7_500,
    description: 'Urgent care visit',
  });
}
