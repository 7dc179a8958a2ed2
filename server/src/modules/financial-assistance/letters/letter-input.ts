import type { Assessment } from '@webpay/contracts/assistance-application';
import type {
  AssistanceContact,
  PresumptiveCategory,
  PublishedContact,
} from '@webpay/contracts/financial-assistance';
import type { Language } from '@webpay/contracts/language';
import type { Cents } from '@webpay/contracts/money';

/*
 * What each letter of a financial assistance application (issue #27) is
 * written from. The service gathers it when the step happens; the letter
 * is then rendered once, kept word for word with the application and sent
 * by e-mail. Money is in cents and dates are ISO (YYYY-MM-DD): the letter
 * formats them in its own language.
 */

/** What every letter carries. */
export interface LetterBase {
  /** The application's reference: "FA-" and 8 characters. */
  reference: string;
  /** The guarantor's first name, for the greeting only. */
  firstName: string;
  /** The day the letter is dated (YYYY-MM-DD). */
  date: string;
  /** The hospital, as the letter signs it. */
  providerName: string;
  /** The application's tracker in the portal: where documents are sent and letters kept. */
  trackerUrl: string;
  /** Who answers questions, from the facility's policy, in the letter's language (contactIn). */
  contact: PublishedContact;
}

/** The figures an income-tested decision rests on, as the case's assessment has them. */
export type IncomeFigures = Pick<
  Assessment,
  'householdSize' | 'yearlyIncomeCents' | 'guidelineYear' | 'guidelineCents' | 'tier'
>;

/** How the discount was arrived at. */
export type ApprovalBasis =
  | { kind: 'income'; income: IncomeFigures }
  | { kind: 'presumptive'; category: PresumptiveCategory }
  /** A reviewer chose another discount than the policy's; the income figures if there were any. */
  | { kind: 'override'; reason: string; income: IncomeFigures | null };

/**
 * One account the approval adjusts, named by its number and service date,
 * never by what the care was: the letter travels by e-mail.
 */
export interface AdjustedAccount {
  accountNumber: string;
  /** YYYY-MM-DD, when known. */
  serviceDate: string | null;
  balanceCents: Cents;
  /** What the approval takes off, a positive amount. */
  adjustmentCents: Cents;
  newBalanceCents: Cents;
}

/** A payment plan the approval recalculated: what is left on it and the new monthly amount. */
export interface RecalculatedPlan {
  planNumber: string;
  /** 0 when the approval paid it off. */
  balanceCents: Cents;
  monthlyCents: Cents;
}

export interface ApprovalLetter extends LetterBase {
  kind: 'approval';
  discountPercent: number;
  basis: ApprovalBasis;
  accounts: readonly AdjustedAccount[];
  /** Paid above the new balance, given back; 0 when nothing is. */
  refundCents: Cents;
  plans: readonly RecalculatedPlan[];
}

export interface DenialLetter extends LetterBase {
  kind: 'denial';
  /** The reviewer's reason, in the words the guarantor reads. */
  reason: string;
  /** Where a new application starts. */
  applyUrl: string;
  /** The last day of the application window (YYYY-MM-DD). */
  applyBy: string;
}

export interface IncompleteLetter extends LetterBase {
  kind: 'incomplete';
  /** What the reviewer asks for, one item each. */
  items: readonly string[];
  /** YYYY-MM-DD */
  dueOn: string;
}

/** Why the hold lifted: a denial, or requested information not sent by its day. */
export type HoldReleaseReason = { kind: 'denied' } | { kind: 'information_overdue'; dueOn: string };

export interface HoldReleasedLetter extends LetterBase {
  kind: 'hold_released';
  reason: HoldReleaseReason;
  /** What the hold had stopped and now starts again (both false when the guarantor kept paying). */
  resumes: { autopay: boolean; planCharges: boolean };
  /** Where a new application starts. */
  applyUrl: string;
  /** The last day of the application window (YYYY-MM-DD). */
  applyBy: string;
}

/** Section 501(r)'s notice, at least 30 days before any extraordinary collection action. */
export interface CollectionNoticeLetter extends LetterBase {
  kind: 'collection_notice';
  /** What is still owed. */
  balanceCents: Cents;
  /** The first day an action may be taken: at least 30 days after `date`. */
  earliestActionOn: string;
  /** The plain-language summary's web address. */
  summaryUrl: string;
  /** Where a new application starts. */
  applyUrl: string;
  /** The last day of the application window (YYYY-MM-DD). */
  applyBy: string;
}

export type AssistanceLetter =
  ApprovalLetter | DenialLetter | IncompleteLetter | HoldReleasedLetter | CollectionNoticeLetter;

/** The policy's contact as a letter in `language` gives it. */
export function contactIn(contact: AssistanceContact, language: Language): PublishedContact {
  return {
    phone: contact.phone,
    mailingAddress: contact.mailingAddress,
    hours: contact.hours[language],
    inPerson: contact.inPerson[language],
  };
}
