import { addDays } from '@webpay/contracts/dates';
import { wholePercentOfPoverty } from '@webpay/contracts/financial-assistance';
import { messagesIn } from '@webpay/contracts/catalogue';
import { formatCentsIn, formatDateIn, type Language } from '@webpay/contracts/language';
import type { MailBlock } from '../../mail/index.ts';
import type {
  ApprovalLetter,
  AssistanceLetter,
  CollectionNoticeLetter,
  DenialLetter,
  HoldReleasedLetter,
  IncomeFigures,
  IncompleteLetter,
  LetterBase,
} from './letter-input.ts';
import { LETTER_MESSAGES, type LetterMessages } from './letter-messages.ts';

/*
 * The letters of a financial assistance application, in the guarantor's
 * language. A letter is composed once as paragraphs and lists of facts:
 * `renderLetter` gives the plain text kept with the application, and the
 * e-mail that sends it lays out the very same blocks (assistance-mail.ts),
 * so what was sent and what is kept never differ.
 */

/** The blocks a letter is made of: what both plain text and the e-mail's HTML can show. */
export type LetterBlock = Extract<MailBlock, { kind: 'paragraph' | 'facts' }>;

export interface ComposedLetter {
  subject: string;
  blocks: LetterBlock[];
}

export interface RenderedLetter {
  subject: string;
  /** Plain text: short paragraphs separated by a blank line. */
  body: string;
}

/** Section 501(r): no extraordinary collection action sooner than this after the notice. */
export const COLLECTION_NOTICE_DAYS = 30;

/** What a letter's composers share: its words and how it writes money and dates. */
interface Pen {
  words: LetterMessages;
  money: (cents: number) => string;
  date: (day: string) => string;
}

const paragraph = (text: string): LetterBlock => ({ kind: 'paragraph', text });
const facts = (rows: readonly (readonly [string, string])[]): LetterBlock => ({
  kind: 'facts',
  facts: rows,
});

function opening(letter: LetterBase, pen: Pen): LetterBlock[] {
  return [
    facts([
      [pen.words.reference, letter.reference],
      [pen.words.date, pen.date(letter.date)],
    ]),
    paragraph(pen.words.greeting(letter.firstName.trim() || undefined)),
  ];
}

function closing(letter: LetterBase, pen: Pen): LetterBlock[] {
  const { words } = pen;
  return [
    paragraph(words.questions),
    facts([
      [words.phone, letter.contact.phone],
      [words.hours, letter.contact.hours],
      [words.byMail, letter.contact.mailingAddress],
      [words.inPerson, letter.contact.inPerson],
    ]),
    paragraph(words.closing),
    paragraph(words.signature(letter.providerName)),
  ];
}

/** Household, income, the year's guideline, the % of it, and the tier it falls in. */
function incomeReasoning(income: IncomeFigures, pen: Pen): LetterBlock[] {
  const words = pen.words.approval;
  const percent = wholePercentOfPoverty(income.yearlyIncomeCents, income.guidelineCents);
  return [
    paragraph(words.household(income.householdSize, pen.money(income.yearlyIncomeCents))),
    paragraph(
      words.guideline(
        income.guidelineYear,
        income.householdSize,
        pen.money(income.guidelineCents),
        percent,
      ),
    ),
    paragraph(
      income.tier
        ? words.tier(income.tier.upToPercentOfPoverty, income.tier.discountPercent)
        : words.aboveTiers,
    ),
  ];
}

function approvalReasoning(letter: ApprovalLetter, pen: Pen): LetterBlock[] {
  const words = pen.words.approval;
  const { basis } = letter;
  switch (basis.kind) {
    case 'income':
      return incomeReasoning(basis.income, pen);
    case 'presumptive':
      return [
        paragraph(words.presumptive[basis.category]),
        paragraph(words.presumptiveRule(letter.discountPercent)),
      ];
    case 'override':
      return [
        ...(basis.income ? incomeReasoning(basis.income, pen) : []),
        paragraph(words.override(letter.discountPercent, basis.reason)),
      ];
  }
}

/** Each account before and after, then the totals. */
function approvalAccounts(letter: ApprovalLetter, pen: Pen): LetterBlock[] {
  const words = pen.words.approval;
  const sum = (pick: (account: ApprovalLetter['accounts'][number]) => number) =>
    letter.accounts.reduce((total, account) => total + pick(account), 0);
  return [
    paragraph(words.accountsIntro),
    ...letter.accounts.map((account) =>
      facts([
        [words.account, account.accountNumber],
        ...(account.serviceDate
          ? [[words.serviceDate, pen.date(account.serviceDate)] as const]
          : []),
        [words.balance, pen.money(account.balanceCents)],
        [words.adjustment, pen.money(account.adjustmentCents)],
        [words.newBalance, pen.money(account.newBalanceCents)],
      ]),
    ),
    facts([
      [words.totalBalance, pen.money(sum((account) => account.balanceCents))],
      [words.totalAdjustment, pen.money(sum((account) => account.adjustmentCents))],
      [words.totalNewBalance, pen.money(sum((account) => account.newBalanceCents))],
    ]),
  ];
}

function approvalBody(letter: ApprovalLetter, pen: Pen): LetterBlock[] {
  const words = pen.words.approval;
  return [
    paragraph(words.intro),
    paragraph(words.discount(letter.discountPercent)),
    ...approvalReasoning(letter, pen),
    ...approvalAccounts(letter, pen),
    ...(letter.refundCents > 0 ? [paragraph(words.refund(pen.money(letter.refundCents)))] : []),
    ...letter.plans.map((plan) =>
      paragraph(
        plan.balanceCents === 0
          ? words.planPaidOff(plan.planNumber)
          : words.planRecalculated(
              plan.planNumber,
              pen.money(plan.balanceCents),
              pen.money(plan.monthlyCents),
            ),
      ),
    ),
    paragraph(words.pending),
  ];
}

function denialBody(letter: DenialLetter, pen: Pen): LetterBlock[] {
  const words = pen.words.denial;
  return [
    paragraph(words.intro),
    paragraph(words.reasonIntro),
    paragraph(letter.reason),
    paragraph(words.balances),
    paragraph(words.reapply(pen.date(letter.applyBy))),
    paragraph(words.applyAt(letter.applyUrl)),
    paragraph(words.askUs),
  ];
}

function incompleteBody(letter: IncompleteLetter, pen: Pen): LetterBlock[] {
  const words = pen.words.incomplete;
  const due = pen.date(letter.dueOn);
  return [
    paragraph(words.intro),
    ...letter.items.map((item) => paragraph(pen.words.bullet(item))),
    paragraph(words.dueBy(due)),
    paragraph(words.how),
    paragraph(letter.trackerUrl),
    paragraph(words.ifNot(due)),
    paragraph(words.moreTime),
  ];
}

function holdReleasedBody(letter: HoldReleasedLetter, pen: Pen): LetterBlock[] {
  const words = pen.words.holdReleased;
  const { reason, resumes } = letter;
  const resuming = [
    ...(resumes.autopay ? [words.autopay] : []),
    ...(resumes.planCharges ? [words.planCharges] : []),
    words.notices,
  ];
  return [
    paragraph(
      reason.kind === 'denied'
        ? words.denied(pen.date(letter.date))
        : words.informationOverdue(pen.date(reason.dueOn), pen.date(letter.date)),
    ),
    paragraph(words.resumesIntro),
    ...resuming.map((item) => paragraph(pen.words.bullet(item))),
    ...(reason.kind === 'information_overdue'
      ? [paragraph(words.sendLater), paragraph(letter.trackerUrl)]
      : []),
    paragraph(words.applyAgain(pen.date(letter.applyBy))),
    paragraph(words.applyAt(letter.applyUrl)),
  ];
}

function collectionNoticeBody(letter: CollectionNoticeLetter, pen: Pen): LetterBlock[] {
  const earliest = addDays(letter.date, COLLECTION_NOTICE_DAYS);
  if (letter.earliestActionOn < earliest) {
    throw new RangeError(
      `a collection notice dated ${letter.date} allows no action before ${earliest}, not ${letter.earliestActionOn}`,
    );
  }
  const words = pen.words.collectionNotice;
  return [
    paragraph(words.intro(letter.providerName, pen.money(letter.balanceCents))),
    paragraph(words.assistance),
    paragraph(words.actionsIntro),
    ...[words.creditReport, words.saleOfDebt, words.legalAction].map((action) =>
      paragraph(pen.words.bullet(action)),
    ),
    paragraph(words.notBefore(pen.date(letter.earliestActionOn))),
    paragraph(words.applyAgain(pen.date(letter.applyBy))),
    paragraph(words.applyAt(letter.applyUrl)),
    paragraph(words.summary(letter.summaryUrl)),
  ];
}

function subjectOf(letter: AssistanceLetter, words: LetterMessages): string {
  switch (letter.kind) {
    case 'approval':
      return words.approval.subject(letter.reference);
    case 'denial':
      return words.denial.subject(letter.reference);
    case 'incomplete':
      return words.incomplete.subject(letter.reference);
    case 'hold_released':
      return words.holdReleased.subject(letter.reference);
    case 'collection_notice':
      return words.collectionNotice.subject(letter.reference);
  }
}

function bodyOf(letter: AssistanceLetter, pen: Pen): LetterBlock[] {
  switch (letter.kind) {
    case 'approval':
      return approvalBody(letter, pen);
    case 'denial':
      return denialBody(letter, pen);
    case 'incomplete':
      return incompleteBody(letter, pen);
    case 'hold_released':
      return holdReleasedBody(letter, pen);
    case 'collection_notice':
      return collectionNoticeBody(letter, pen);
  }
}

/** The letter as blocks, for the e-mail that sends it. */
export function composeLetter(letter: AssistanceLetter, language: Language): ComposedLetter {
  const pen: Pen = {
    words: messagesIn(LETTER_MESSAGES, language),
    money: (cents) => formatCentsIn(language, cents),
    date: (day) => formatDateIn(language, day),
  };
  return {
    subject: subjectOf(letter, pen.words),
    blocks: [...opening(letter, pen), ...bodyOf(letter, pen), ...closing(letter, pen)],
  };
}

/** A block as plain text, as the e-mail's text part writes it (mail.templates.ts). */
function blockText(block: LetterBlock): string {
  return block.kind === 'paragraph'
    ? block.text
    : block.facts.map(([label, value]) => `${label}: ${value}`).join('\n');
}

/** The letter as kept with the application: its subject and plain-text body. */
export function renderLetter(letter: AssistanceLetter, language: Language): RenderedLetter {
  const { subject, blocks } = composeLetter(letter, language);
  return { subject, body: blocks.map(blockText).join('\n\n') };
}
