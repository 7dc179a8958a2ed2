import { SIGN_IN_ERROR_DETAILS } from '@webpay/contracts/sign-in';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const NOTHING_CHARGED = 'You have not been charged.';
const OUTCOME_UNKNOWN_NEXT =
  'Please do not pay again now: we check with the processor and your receipt will appear on your account if it did.';

/**
 * The words of every error object the service answers, in English: the
 * titles and details SPEC and the portal expect. Field paths (`body.payer`),
 * header names, amounts and account numbers are passed in, never translated.
 */
export const ERROR_MESSAGES_EN = {
  titles: {
    invalidRequest: 'Invalid request',
    malformedJson: 'Malformed JSON',
    badRequest: 'Bad request',
    unauthorized: 'Unauthorized',
    forbidden: 'Forbidden',
    notFound: 'Not found',
    methodNotAllowed: 'Method not allowed',
    requestTimeout: 'Request timeout',
    requestTooLarge: 'Request too large',
    unsupportedMediaType: 'Unsupported media type',
    tooManyRequests: 'Too many requests',
    sessionExpired: 'Session expired',
    signInFailed: 'Sign-in failed',
    accountLocked: 'Account locked',
    invalidCode: 'Invalid Code',
    magicLinkInvalid: 'Sign-in link not valid',
    accountNotFound: 'Account not found',
    alreadySignedUp: 'Already signed up',
    emailInUse: 'Email already in use',
    noEmailOnFile: 'No email on file',
    emailNotSent: 'Email not sent',
    tooManyCodes: 'Too many codes requested',
    apiKeyRequired: 'API key required',
    apiKeyInvalid: 'Invalid API key',
    requestMarkerRequired: 'Request marker required',
    historyUnavailable: 'Statements and payments unavailable',
    statementNotFound: 'Statement not found',
    receiptNotFound: 'Receipt not found',
    serviceUnavailable: 'Service unavailable',
    unexpected: 'An unexpected error occurred',
    amountExceedsBalance: 'Amount exceeds the balance',
    paymentAlreadyPending: 'Payment already pending',
    paymentTypeMismatch: 'Payment line does not match its account',
    accountListedTwice: 'Account listed twice',
    cannotSaveEmail: 'Cannot save this email',
    paymentNotFound: 'Payment not found',
    idempotencyKeyReused: 'Idempotency-Key already used',
    paymentInProgress: 'Payment still being processed',
    paymentAlreadyMade: 'Payment already made',
    paymentNotCancellable: 'Payment cannot be cancelled',
    paymentNotConfirmed: 'Payment not confirmed',
    paymentDeclined: 'Payment declined',
    processorTimeout: 'Payment processor did not answer',
    processorError: 'Payment processor error',
    staffPermissionRequired: 'Not allowed for your role',
    enrolmentLinkInvalid: 'Enrolment link not valid',
    paymentMethodNotFound: 'Payment method not found',
    paymentMethodInUse: 'Payment method in use',
    paymentMethodDuplicate: 'Payment method already saved',
    cardNotVerified: 'Card not verified',
  },

  signInToContinue: 'Please sign in to continue.',
  signInNotValid: 'Your sign-in is not valid. Please log in again.',
  signInAgain: 'Your session has expired. Please log in again.',
  invalidPin: 'The account number or PIN is incorrect.',
  accountLocked: (minutes: number, supportPhone: string) =>
    `There have been too many unsuccessful sign-in attempts, so sign-in to this account is paused for ${plural(minutes, 'minute', 'minutes')}. Please try again later, or call ${supportPhone} for help.`,
  ...SIGN_IN_ERROR_DETAILS,
  noEmailOnFile: (supportPhone: string) =>
    `There is no email address on file for this account, so we cannot email you a code. Please call ${supportPhone} to add one.`,
  tooManyRequests: (seconds: number) =>
    `Too many attempts from this device. Please wait ${plural(seconds, 'second', 'seconds')} and try again.`,
  apiKeyRequired: (header: string) =>
    `Send the ${header} header with the key configured for this service.`,
  apiKeyInvalid: (header: string) =>
    `The ${header} header does not match the key configured for this service.`,
  xhrMarkerRequired: (header: string, value: string) =>
    `Send the header ${header}: ${value} with every call to this service.`,
  routeNotFound: (method: string, path: string) => `There is no ${method} ${path} in this service.`,
  historyUnavailable:
    'Your account does not have access to statements and payment history online. Please call the billing office if you need a copy.',
  statementNotFound: 'There is no statement with this id on your account.',
  receiptNotFound: 'There is no receipt with this number on your account.',
  staffSignInFailed: 'The email, password or authentication code is incorrect.',
  staffPermissionRequired: 'Your role does not allow this. Ask an administrator if you need it.',
  enrolmentLinkInvalid:
    'This enrolment link has expired or was already used. Ask an administrator for a new one.',
  enrolmentCodeInvalid:
    'The code does not match. Check that the time on your phone is right and enter the code it shows now.',
  staffEmailInUse: 'Another staff member already has this email address.',
  staffNotFound: 'There is no staff member with this id.',
  staffNotOwnAccount:
    'You cannot disable or reset your own account. Ask another administrator to do it.',
  staffResetSso:
    'This staff member signs in through single sign-on; their password and second factor are managed there.',
  ssoNotConfigured: 'Single sign-on is not set up for the billing office.',
  ssoGrantInvalid: 'This single sign-on has expired or was already used. Please sign in again.',
  databaseUnavailable:
    'The service cannot reach its database right now. Please try again in a few moments.',
  shuttingDown: 'This server is stopping and takes no new work. Please try again in a few moments.',
  unexpected: 'An error occurred while processing your request. Please try again later.',

  /** `body.payer.zipCode: …`: a field path, then what is wrong with it. */
  field: (field: string, message: string) => `${field}: ${message}`,
  fieldInvalid: 'is invalid',
  bodyRequired: 'A JSON request body is required.',
  bodyNotJson: 'The request body is not valid JSON.',
  nulCharacter: 'must not contain the NUL character',
  unsupportedMediaType: (contentType: string) =>
    `Content-Type ${contentType} is not accepted; send the body as application/json.`,
  bodyTooLarge: (kilobytes: number) =>
    `The request body is larger than the ${kilobytes} KB this service accepts.`,
  requestRefused: 'The request was refused.',

  saveEmailWithoutEmail: 'there is no email address in the billing information to save.',
  saveEmailNeedsCode:
    'a new email address can only be saved to your account after you sign in with a code emailed to you. Pay without saving it, or sign in with your email address first.',
  paymentNotFound: 'There is no payment with this reference on your account.',
  idempotencyKeyReused: (header: string) =>
    `The ${header} header was already used for a different payment. Send a new key for a new payment.`,
  paymentInProgress: (header: string) =>
    `A request with this ${header} is still being processed. Wait a moment and send it again; you will not be charged twice.`,
  paymentAlreadyMade:
    'This payment has already been received and cannot be cancelled. Your receipt shows it.',
  paymentNotCancellable:
    'Only a card payment that is still open can be cancelled; eCheck payments complete in one step.',
  paymentNotConfirmed: `The card processor did not confirm this payment for this amount. ${NOTHING_CHARGED} If your card statement shows a charge, it will be matched to your account automatically; otherwise please try again.`,
  /**
   * Without the processor's own words (e.g. DECLINED): they are its
   * vocabulary in English, not written for a patient; the payment and its
   * audit row keep them for the billing office.
   */
  paymentDeclined: `Your bank account payment was declined. ${NOTHING_CHARGED} Please check the routing and account numbers, or use another payment method.`,
  processorTimeoutOutcomeUnknown: `The payment processor did not answer in time, so we cannot tell yet whether the payment went through. ${OUTCOME_UNKNOWN_NEXT}`,
  processorTimeoutNothingCharged: `The payment processor did not answer in time. ${NOTHING_CHARGED} Please try again in a few minutes.`,
  processorRefused: `The payment processor could not take this payment. ${NOTHING_CHARGED} Please try again in a few minutes.`,
  processorUnreachable: `We could not reach the payment processor, so we cannot tell yet whether the payment went through. ${OUTCOME_UNKNOWN_NEXT}`,
  processorTxnIdRequired: 'the processor’s transaction id is required.',
  /** `date` is today at the hospital, in the reader's words: what the portal's text should have said. */
  eCheckAuthorizationChanged: (date: string) =>
    `the authorization you accepted does not match this payment, an eCheck debited today, ${date}, from the account you entered. ${NOTHING_CHARGED} Please reload the page, read the authorization again and accept it.`,

  paymentMethodNotFound: 'There is no saved payment method with this id on your account.',
  methodUsedByPlan: (planNumber: string) =>
    `Autopay on payment plan ${planNumber} uses this payment method. Choose another method to take its place, or turn that autopay off first.`,
  methodUsedByStatementAutopay:
    'Autopay on statements uses this payment method. Choose another method to take its place, or turn that autopay off first.',
  replacementNotUsable: 'the replacement must be another of your saved payment methods.',
  paymentMethodDuplicate: 'This card or bank account is already saved on your account.',
  cardNotVerified:
    'The card processor did not confirm this card, so it was not saved. You have not been charged. Please try again or use another card.',
  storedConsentChanged:
    'the terms you accepted are not the current terms for saving this payment method. Please reload the page, read the terms again and accept them.',

  lineOverBalance: (amount: string, balance: string, account: string) =>
    `${amount} is more than the ${balance} open on account ${account}.`,
  /** Whole sentences: the portal shows them in its question before paying again. */
  lineAlreadyPending: (pending: string, account: string, balance: string) =>
    `You already have ${pending} pending on account ${account}, which has a balance of ${balance}. Payments stay pending until the billing office applies them; pay again only if you mean to pay more.`,
  lineNotFound: (accountId: string) => `account ${accountId} is not one of your open accounts.`,
  lineBilledElsewhere: (accountId: string, label: string, facilityId: string, account: string) =>
    `account ${accountId} is billed by another facility; pay it as a '${label}' with facilityId ${facilityId} and accountId ${account}.`,
  lineWrongFacility: (accountId: string, facilityId: string, lineFacilityId: string) =>
    `account ${accountId} belongs to facility ${facilityId}, not ${lineFacilityId}.`,
  lineInPlan: (accountId: string, plan: string, label: string) =>
    `account ${accountId} is part of payment plan ${plan}; pay it as a '${label}'.`,
  planWrongFacility: (planNumber: string, facilityId: string) =>
    `payment plan ${planNumber} is not billed by facility ${facilityId}.`,
  lineBilledByMain: (accountId: string, facilityId: string, label: string, account: string) =>
    `account ${accountId} is billed by ${facilityId}; pay it as an '${label}' with accountId ${account}.`,
  guarantorWrongFacility: (label: string, facilityId: string, lineFacilityId: string) =>
    `a '${label}' is made to facility ${facilityId}, not ${lineFacilityId}.`,
  guarantorNotAlone: (label: string) => `a '${label}' must be the only line of its payment.`,
  amountTooPrecise: 'must be dollars with at most 2 decimals.',
  amountNotPositive: 'must be greater than zero.',
  lineDuplicate: (accountId: string, firstLine: string) =>
    `account ${accountId} is already paid on ${firstLine}; put the whole amount on one line.`,
  paymentTooLarge: (total: string, limit: string) =>
    `the total ${total} is more than the ${limit} one payment can be; split it into several payments.`,
} as const;
