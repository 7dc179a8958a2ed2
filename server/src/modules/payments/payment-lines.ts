import { PAYMENT_TYPE_LABELS, type PaymentLine } from '@webpay/contracts/payments';
import { formatCentsIn } from '@webpay/contracts/language';
import { MAX_PAYMENT_CENTS, sumCents, toCents, type Cents } from '@webpay/contracts/money';
import { fieldText, type ApiError, type LocalText } from '../../lib/api-error.ts';
import { paymentErrors } from './payment-errors.ts';

/*
 * The service's own check of every line the portal sends (PRODUCT.md,
 * Amount rules): the label and account id agree as SPEC §9 builds them, the
 * account is one of the caller's open ones, and no more than its open
 * balance is paid. Only the caller's accounts are ever looked at, so an
 * account of someone else is indistinguishable from one that does not exist.
 */

export interface PayableEncounter {
  id: string;
  facilityId: string;
  accountNumber: string;
  patientName: string;
  balanceCents: Cents;
  type: 'ENT' | 'EXAR';
  /** The open plan it belongs to; null when it is billed on its own. */
  planId: string | null;
}

export interface PayablePlan {
  id: string;
  planNumber: string;
  version: number;
  currentBalanceCents: Cents;
  /** Facilities of the plan's encounters; a plan line carries the first one (SPEC §3). */
  facilityIds: readonly string[];
}

/** Everything of the caller's that a payment line may point at. */
export interface PayableAccounts {
  centralFacilityId: string;
  mmi: string;
  encounters: readonly PayableEncounter[];
  plans: readonly PayablePlan[];
}

/** A checked line, tied to what it pays. */
export interface ResolvedLine {
  lineNumber: number;
  paymentType: PaymentLine['paymentType'];
  facilityId: string;
  accountId: string;
  amountCents: Cents;
  encounterId: string | null;
  planId: string | null;
  /** As the portal describes the item: "107-40010001 | Maria Garcia", "PP-7001-1 | Payment Plan". */
  description: string;
}

type Problem = { kind: keyof typeof PROBLEM_ERRORS; detail: LocalText };

/** Most telling first: the answer is the first kind any line has, with every line of that kind. */
const PROBLEM_ERRORS = {
  notFound: paymentErrors.accountNotFound,
  mismatch: paymentErrors.paymentTypeMismatch,
  duplicate: paymentErrors.duplicateAccount,
  overBalance: paymentErrors.amountExceedsBalance,
  invalid: paymentErrors.invalidLines,
} satisfies Record<string, (details: LocalText[]) => ApiError>;

const lineName = (index: number) => `body.accounts.${index}`;

function encounterDescription(encounter: PayableEncounter): string {
  return `${encounter.facilityId}-${encounter.accountNumber} | ${encounter.patientName}`;
}

function overBalance(index: number, account: string, amount: Cents, balance: Cents): Problem {
  return {
    kind: 'overBalance',
    detail: fieldText(lineName(index), (m, language) =>
      m.lineOverBalance(formatCentsIn(language, amount), formatCentsIn(language, balance), account),
    ),
  };
}

function notFound(index: number, accountId: string): Problem {
  return {
    kind: 'notFound',
    detail: fieldText(lineName(index), (m) => m.lineNotFound(accountId)),
  };
}

type Resolution = { line: Omit<ResolvedLine, 'lineNumber'> } | { problem: Problem };

/**
 * An account of the other kind that the line's account id names, with or
 * without its facility: the line used the wrong payment type for it.
 */
function billedAs(
  accounts: PayableAccounts,
  type: PayableEncounter['type'],
  accountId: string,
): PayableEncounter | undefined {
  return accounts.encounters.find(
    (candidate) =>
      candidate.type === type &&
      (accountId === candidate.accountNumber ||
        accountId === `${candidate.facilityId}-${candidate.accountNumber}`),
  );
}

function mismatch(index: number, detail: LocalText): Resolution {
  return { problem: { kind: 'mismatch', detail: fieldText(lineName(index), detail) } };
}

/** What a line pays, once its account is found: no more than the open balance. */
interface Target {
  /** The account as the guarantor knows it, for the over-balance message. */
  account: string;
  balanceCents: Cents;
  encounterId: string | null;
  planId: string | null;
  description: string;
}

function payable(index: number, line: PaymentLine, amountCents: Cents, target: Target): Resolution {
  const { account, balanceCents, ...paid } = target;
  if (amountCents > balanceCents) {
    return { problem: overBalance(index, account, amountCents, balanceCents) };
  }
  return {
    line: {
      paymentType: line.paymentType,
      facilityId: line.facilityId,
      accountId: line.accountId,
      amountCents,
      ...paid,
    },
  };
}

function resolveAccountPayment(
  index: number,
  line: PaymentLine,
  amountCents: Cents,
  accounts: PayableAccounts,
): Resolution {
  const encounter = accounts.encounters.find(
    (candidate) =>
      candidate.type === 'ENT' &&
      `${candidate.facilityId}-${candidate.accountNumber}` === line.accountId,
  );
  if (!encounter) {
    const external = billedAs(accounts, 'EXAR', line.accountId);
    if (external) {
      return mismatch(index, (m) =>
        m.lineBilledElsewhere(
          line.accountId,
          PAYMENT_TYPE_LABELS.external,
          external.facilityId,
          external.accountNumber,
        ),
      );
    }
    return { problem: notFound(index, line.accountId) };
  }
  if (encounter.facilityId !== line.facilityId) {
    return mismatch(index, (m) =>
      m.lineWrongFacility(line.accountId, encounter.facilityId, line.facilityId),
    );
  }
  if (encounter.planId !== null) {
    const plan = accounts.plans.find((candidate) => candidate.id === encounter.planId);
    return mismatch(index, (m) =>
      m.lineInPlan(
        line.accountId,
        plan ? `${plan.planNumber}-${plan.version}` : '',
        PAYMENT_TYPE_LABELS.payment_plan,
      ),
    );
  }
  return payable(index, line, amountCents, {
    account: line.accountId,
    balanceCents: encounter.balanceCents,
    encounterId: encounter.id,
    planId: null,
    description: encounterDescription(encounter),
  });
}

function resolvePlanPayment(
  index: number,
  line: PaymentLine,
  amountCents: Cents,
  accounts: PayableAccounts,
): Resolution {
  const plan = accounts.plans.find(
    (candidate) => `${accounts.centralFacilityId}-${candidate.planNumber}` === line.accountId,
  );
  if (!plan) return { problem: notFound(index, line.accountId) };
  const facilities = new Set([accounts.centralFacilityId, ...plan.facilityIds]);
  if (!facilities.has(line.facilityId)) {
    return mismatch(index, (m) => m.planWrongFacility(plan.planNumber, line.facilityId));
  }
  const planName = `${plan.planNumber}-${plan.version}`;
  return payable(index, line, amountCents, {
    account: planName,
    balanceCents: plan.currentBalanceCents,
    encounterId: null,
    planId: plan.id,
    description: `${planName} | Payment Plan`,
  });
}

function resolveGlPayment(
  index: number,
  line: PaymentLine,
  amountCents: Cents,
  accounts: PayableAccounts,
): Resolution {
  const encounter = accounts.encounters.find(
    (candidate) =>
      candidate.type === 'EXAR' &&
      candidate.facilityId === line.facilityId &&
      candidate.accountNumber === line.accountId,
  );
  if (!encounter) {
    const main = billedAs(accounts, 'ENT', line.accountId);
    if (main) {
      return mismatch(index, (m) =>
        m.lineBilledByMain(
          line.accountId,
          main.facilityId,
          PAYMENT_TYPE_LABELS.encounter,
          `${main.facilityId}-${main.accountNumber}`,
        ),
      );
    }
    return { problem: notFound(index, `${line.facilityId}-${line.accountId}`) };
  }
  return payable(index, line, amountCents, {
    account: `${encounter.facilityId}-${encounter.accountNumber}`,
    balanceCents: encounter.balanceCents,
    encounterId: encounter.id,
    planId: null,
    description: encounterDescription(encounter),
  });
}

/** What a guarantor-level payment may cover: main encounters billed alone plus each plan's pay-off amount. */
export function guarantorBalanceCents(accounts: PayableAccounts): Cents {
  const encounters = accounts.encounters
    .filter((encounter) => encounter.type === 'ENT' && encounter.planId === null)
    .map((encounter) => encounter.balanceCents);
  const plans = accounts.plans.map((plan) => plan.currentBalanceCents);
  return sumCents([...encounters, ...plans]);
}

function resolveGuarantorPayment(
  index: number,
  line: PaymentLine,
  amountCents: Cents,
  accounts: PayableAccounts,
  lineCount: number,
): Resolution {
  const expected = `${accounts.centralFacilityId}-${accounts.mmi}`;
  if (line.accountId !== expected) return { problem: notFound(index, line.accountId) };
  if (line.facilityId !== accounts.centralFacilityId) {
    return mismatch(index, (m) =>
      m.guarantorWrongFacility(
        PAYMENT_TYPE_LABELS.total,
        accounts.centralFacilityId,
        line.facilityId,
      ),
    );
  }
  if (lineCount > 1) {
    return mismatch(index, (m) => m.guarantorNotAlone(PAYMENT_TYPE_LABELS.total));
  }
  return payable(index, line, amountCents, {
    account: line.accountId,
    balanceCents: guarantorBalanceCents(accounts),
    encounterId: null,
    planId: null,
    description: PAYMENT_TYPE_LABELS.total,
  });
}

function resolveOne(
  index: number,
  line: PaymentLine,
  accounts: PayableAccounts,
  lineCount: number,
): Resolution {
  let amountCents: Cents;
  try {
    amountCents = toCents(line.amount);
  } catch {
    return {
      problem: {
        kind: 'invalid',
        detail: fieldText(`${lineName(index)}.amount`, (m) => m.amountTooPrecise),
      },
    };
  }
  if (amountCents <= 0) {
    return {
      problem: {
        kind: 'invalid',
        detail: fieldText(`${lineName(index)}.amount`, (m) => m.amountNotPositive),
      },
    };
  }
  switch (line.paymentType) {
    case PAYMENT_TYPE_LABELS.encounter:
      return resolveAccountPayment(index, line, amountCents, accounts);
    case PAYMENT_TYPE_LABELS.payment_plan:
      return resolvePlanPayment(index, line, amountCents, accounts);
    case PAYMENT_TYPE_LABELS.external:
      return resolveGlPayment(index, line, amountCents, accounts);
    case PAYMENT_TYPE_LABELS.total:
      return resolveGuarantorPayment(index, line, amountCents, accounts, lineCount);
  }
}

/**
 * Checks every line against the caller's open accounts and returns them tied
 * to what they pay, or throws the ApiError that names each bad line.
 */
export function resolvePaymentLines(
  lines: readonly PaymentLine[],
  accounts: PayableAccounts,
): ResolvedLine[] {
  const problems: Problem[] = [];
  const resolved: ResolvedLine[] = [];
  const seen = new Map<string, number>();

  lines.forEach((line, index) => {
    const outcome = resolveOne(index, line, accounts, lines.length);
    if ('problem' in outcome) {
      problems.push(outcome.problem);
      return;
    }
    const key = outcome.line.encounterId ?? outcome.line.planId ?? `guarantor:${line.accountId}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({
        kind: 'duplicate',
        detail: fieldText(lineName(index), (m) => m.lineDuplicate(line.accountId, lineName(first))),
      });
      return;
    }
    seen.set(key, index);
    resolved.push({ lineNumber: index + 1, ...outcome.line });
  });

  if (problems.length === 0) {
    const total = sumCents(resolved.map((line) => line.amountCents));
    if (total > MAX_PAYMENT_CENTS) {
      problems.push({
        kind: 'invalid',
        detail: fieldText('body.accounts', (m, language) =>
          m.paymentTooLarge(
            formatCentsIn(language, total),
            formatCentsIn(language, MAX_PAYMENT_CENTS),
          ),
        ),
      });
    }
  }

  for (const kind of Object.keys(PROBLEM_ERRORS) as (keyof typeof PROBLEM_ERRORS)[]) {
    const details = problems.filter((problem) => problem.kind === kind).map((p) => p.detail);
    if (details.length > 0) throw PROBLEM_ERRORS[kind](details);
  }
  return resolved;
}

/** The sum of the lines, in cents. */
export function totalCents(lines: readonly Pick<ResolvedLine, 'amountCents'>[]): Cents {
  return sumCents(lines.map((line) => line.amountCents));
}
