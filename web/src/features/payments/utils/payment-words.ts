/**
 * Words of the payment and receipt dialogs that SPEC does not give word for
 * word (its own strings come from @webpay/contracts). Browser tests read them
 * from here so the two cannot drift apart.
 */
export const PAYMENT_DIALOG_WORDS = {
  title: 'Make a Payment',
  description: 'Check what you are paying, then enter your billing details.',
  openingCardWindow: 'Opening the secure card window…',
  completing: 'Completing your payment…',
  billingHeading: 'Billing Information',
  receiptEmailLegend: 'Email receipt',
  noEmail: 'Do not email a receipt',
  accountEmail: (email: string) => `Email it to ${email}`,
  customEmail: 'Email it to a different email',
  customEmailLabel: 'Email address for the receipt',
  saveEmail: 'Also save this email address to my account',
  methodLegend: 'Payment Method',
  card: 'Card',
  eCheck: 'eCheck',
  cardHint: 'You enter your card details in the secure window of our card processor.',
  routingNumber: 'Routing number',
  routingHint: 'The 9 digits at the bottom left of a check.',
  accountNumber: 'Account number',
  accountType: 'Account type',
  cancel: 'Cancel',
  pay: (amount: string) => `Pay ${amount}`,
} as const;

export const PAYMENT_ERROR_WORDS = {
  dismiss: 'Dismiss',
  tryAgain: 'Try Again',
  redirecting: 'Taking you to sign in again in 5 seconds…',
} as const;

/** The red panel after a decline (SPEC §4: declined → back to the form). */
export const DECLINED_WORDS = {
  code: 'DECLINED',
  title: 'Payment declined',
  detail:
    'Your card was declined and you were not charged. Please use another card or pay by eCheck.',
  processorSaid: (message: string) => `The card processor said: ${message}`,
} as const;

export const LIGHTBOX_ERROR_WORDS = {
  code: 'converge_error',
  scriptFailed:
    'The secure card window could not be loaded. Please check your connection and try again.',
  unavailable: 'The secure card window is not available right now. Please try again later.',
  unknown: 'The secure card window reported an error.',
} as const;

/** Why a card payment ended without a charge, as DELETE /payments/{id} records it. */
export const CANCEL_REASONS = {
  declined: (message: string) => `Card declined in the lightbox: ${message}`,
  cancelled: 'Cancelled by the guarantor in the lightbox',
  error: (message: string) => `Lightbox error: ${message}`,
} as const;

export const RECEIPT_WORDS = {
  title: 'Payment Receipt',
  status: 'Status',
  approved: 'Approved',
  failed: 'Failed',
  failedExplanation:
    'We could not confirm this payment. It may not have gone through. Please call us before you pay again:',
  receiptNumber: 'Receipt number',
  date: 'Date',
  amount: 'Amount',
  method: 'Payment method',
  expires: (expiry: string) => `expires ${expiry}`,
  accountsPaid: 'Accounts paid',
  billingInformation: 'Billing information',
  emailedTo: (email: string) => `A copy of this receipt was emailed to ${email}.`,
  notEmailed: 'No copy of this receipt was emailed.',
  posting: (postingTime: string) => `Your ${postingTime}.`,
  /** A receipt looked up later, once the billing office has posted the payment. */
  applied: 'This payment has been applied to your account.',
  questions: 'Questions about this payment? Call',
  facilityDelay: (facility: string) =>
    `Payments to ${facility} may take up to 24 hours to appear in your balance.`,
  facilityQuestions: (facility: string) => `Questions about the ${facility} payment? Call`,
  print: 'Print',
  close: 'Close',
} as const;
