import {
  MAX_MESSAGE_LENGTH,
  type Approve,
  type Case,
  type DocumentReview,
  type RequestInformation,
} from '@webpay/contracts/assistance-application';
import { isoDateSchema } from '@webpay/contracts/dates';
import { parseDollarsToCents } from '@webpay/contracts/payment-desk';

/*
 * The review dialogs' own checks, before anything is sent: each names what
 * is wrong by a key of the feature's catalogue (`formErrors`), so the words
 * are the reader's language. The contract's schemas check the request again
 * as it is sent.
 */

export type FormError =
  | 'itemsRequired'
  | 'itemRequired'
  | 'itemTooLong'
  | 'dueOnFormat'
  | 'dueOnFuture'
  | 'messageTooLong'
  | 'messageRequired'
  | 'discountFormat'
  | 'discountRange'
  | 'overrideReasonRequired'
  | 'reasonRequired'
  | 'reasonTooLong'
  | 'incomeFormat';

export type Checked<Request, Field extends string> =
  | { request: Request; errors?: undefined }
  | { request?: undefined; errors: Partial<Record<Field, FormError>> };

export const MAX_REQUESTED_ITEMS = 10;
const MAX_ITEM_LENGTH = 200;
const MAX_DOCUMENT_REASON_LENGTH = 500;

function finish<Request, Field extends string>(
  errors: Partial<Record<Field, FormError>>,
  request: () => Request,
): Checked<Request, Field> {
  return Object.keys(errors).length > 0 ? { errors } : { request: request() };
}

export interface RequestInformationValues {
  items: string[];
  /** An ISO day, or empty for the policy's time for missing documents (the service's default). */
  dueOn: string;
  message: string;
}

/** Field names: `items` for the list, `item-<index>` for one of its lines. */
export function checkRequestInformation(
  values: RequestInformationValues,
  today: string,
): Checked<RequestInformation, string> {
  const errors: Record<string, FormError> = {};
  const items = values.items.map((item) => item.trim());
  if (items.length === 0) errors.items = 'itemsRequired';
  items.forEach((item, index) => {
    if (item === '') errors[`item-${index}`] = 'itemRequired';
    else if (item.length > MAX_ITEM_LENGTH) errors[`item-${index}`] = 'itemTooLong';
  });
  const dueOn = values.dueOn.trim();
  if (dueOn !== '' && !isoDateSchema.safeParse(dueOn).success) errors.dueOn = 'dueOnFormat';
  else if (dueOn !== '' && dueOn <= today) errors.dueOn = 'dueOnFuture';
  const message = values.message.trim();
  if (message.length > MAX_MESSAGE_LENGTH) errors.message = 'messageTooLong';
  return finish(errors, () => ({
    items,
    ...(dueOn === '' ? {} : { dueOn }),
    ...(message === '' ? {} : { message }),
  }));
}

export interface ApprovalValues {
  /** The discount as typed, in whole percent; the policy's unless changed. */
  discountPercent: string;
  reason: string;
}

/**
 * The policy's discount approves as it is; any other is an override, which
 * needs a reason (and a policy that gives nothing can only be overridden).
 */
export function checkApproval(
  values: ApprovalValues,
  policyPercent: number,
): Checked<Approve, 'discountPercent' | 'reason'> {
  const errors: Partial<Record<'discountPercent' | 'reason', FormError>> = {};
  const typed = values.discountPercent.trim();
  const percent = /^\d{1,3}$/.test(typed) ? Number(typed) : undefined;
  if (percent === undefined) errors.discountPercent = 'discountFormat';
  else if (percent < 1 || percent > 100) errors.discountPercent = 'discountRange';
  const reason = values.reason.trim();
  const override = percent !== policyPercent;
  if (override && percent !== undefined && reason === '') errors.reason = 'overrideReasonRequired';
  if (reason.length > MAX_MESSAGE_LENGTH) errors.reason = 'reasonTooLong';
  return finish(errors, () => (override ? { discountPercent: percent, reason } : {}));
}

/** A denial's reason, which the guarantor reads in the denial letter. */
export function checkReason(
  value: string,
  maxLength = MAX_MESSAGE_LENGTH,
): Checked<{ reason: string }, 'reason'> {
  const reason = value.trim();
  if (reason === '') return { errors: { reason: 'reasonRequired' } };
  if (reason.length > maxLength) return { errors: { reason: 'reasonTooLong' } };
  return { request: { reason } };
}

export function checkMessage(value: string): Checked<{ text: string }, 'text'> {
  const text = value.trim();
  if (text === '') return { errors: { text: 'messageRequired' } };
  if (text.length > MAX_MESSAGE_LENGTH) return { errors: { text: 'messageTooLong' } };
  return { request: { text } };
}

export interface DocumentReviewValues {
  accepted: boolean;
  reason: string;
  /** Dollars as typed, or empty. */
  yearlyIncome: string;
}

/** Accepting may note the yearly income read from the document; rejecting needs a reason. */
export function checkDocumentReview(
  values: DocumentReviewValues,
): Checked<DocumentReview, 'reason' | 'yearlyIncome'> {
  const errors: Partial<Record<'reason' | 'yearlyIncome', FormError>> = {};
  const income = values.yearlyIncome.trim();
  const cents = income === '' ? undefined : parseDollarsToCents(income);
  if (income !== '' && cents === undefined) errors.yearlyIncome = 'incomeFormat';
  const reason = checkReason(values.reason, MAX_DOCUMENT_REASON_LENGTH);
  if (!values.accepted && reason.errors) errors.reason = reason.errors.reason;
  return finish(errors, () => ({
    accepted: values.accepted,
    ...(values.accepted || !reason.request ? {} : { reason: reason.request.reason }),
    ...(cents === undefined ? {} : { extractedYearlyIncomeCents: cents }),
  }));
}

type FirstApproval = NonNullable<Case['firstApproval']>;

/**
 * Where the approval stands for the reviewer reading: nobody has approved,
 * another reviewer approved first (this one confirms), or this reviewer did
 * and a second one must confirm.
 */
export type ApprovalStage =
  | { stage: 'none' }
  | { stage: 'confirm'; first: FirstApproval }
  | { stage: 'own'; first: FirstApproval };

export function approvalStage(first: Case['firstApproval'], staffId: string): ApprovalStage {
  if (!first) return { stage: 'none' };
  return first.staffId === staffId ? { stage: 'own', first } : { stage: 'confirm', first };
}
