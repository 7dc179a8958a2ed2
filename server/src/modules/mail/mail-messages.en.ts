/*
 * The words of the service's e-mails in English. Names (the provider's, the
 * portal's, the guarantor's), codes, links, amounts and dates are passed in
 * already formatted for the language.
 */

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

export const MAIL_MESSAGES_EN = {
  /** `15 minutes`, `1 hour`, `7 days`. */
  lifetime: {
    minutes: (count: number) => plural(count, 'minute'),
    hours: (count: number) => plural(count, 'hour'),
    days: (count: number) => plural(count, 'day'),
  },
  greeting: (firstName: string | undefined) => (firstName ? `Hello ${firstName},` : 'Hello,'),
  footer: (supportPhone: string, supportEmail: string) =>
    `Questions? Call ${supportPhone} or write to ${supportEmail}.`,
  pasteAddress: 'Or paste this address into your browser:',
  ignoreIfNotYou:
    'If you did not ask for this, you can ignore this email: no one can use it without access to your mailbox.',

  signInLink: {
    subject: (portal: string) => `Your ${portal} sign-in link`,
    heading: 'Sign in with one click',
    intro: (portal: string) => `Use the button below to sign in to ${portal}.`,
    button: (portal: string) => `Sign in to ${portal}`,
    expiry: (lifetime: string) => `The link works once and expires in ${lifetime}.`,
  },
  signInCode: {
    subject: (portal: string) => `Your ${portal} sign-in code`,
    heading: 'Your sign-in code',
    intro: (portal: string) => `Enter this code on the ${portal} page where you asked for it:`,
  },
  codeExpiry: (lifetime: string) => `The code works once and expires in ${lifetime}.`,
  verificationCode: {
    subject: (portal: string) => `Your ${portal} verification code`,
    heading: 'Confirm it is you',
    intro: (portal: string) =>
      `Enter this code in ${portal} to confirm your identity. Once confirmed, you can save receipt email addresses to your account.`,
    notYou: (supportPhone: string) => `If you did not ask for it, please call ${supportPhone}.`,
  },
  signup: {
    subject: (portal: string) => `Confirm your email address for ${portal}`,
    heading: 'Confirm your email address',
    intro: (portal: string) =>
      `Thank you for signing up for ${portal}. To finish, open the confirmation page and enter this code:`,
    button: 'Open the confirmation page',
    notYou:
      'If you did not sign up, you can ignore this email: your address will not be added to any account.',
  },
  signupAttempt: {
    subject: (portal: string) => `Someone tried to sign up for ${portal} with your email address`,
    heading: 'A sign-up attempt with your email address',
    intro: (portal: string) =>
      `Someone just tried to sign up for ${portal} with this email address. It is already linked to your account, so that sign-up did not go ahead.`,
    nothingChanged:
      'Nothing has changed: your account, your email address and the way you sign in are as they were, and no one was given access.',
    ifYou:
      'If it was you, you are already signed up: sign in with this email address, or with the account number and PIN on your statement.',
    contact: (supportPhone: string, supportEmail: string) =>
      `If it was not you, or if you have questions, please contact the billing office at ${supportPhone} or ${supportEmail}.`,
  },
  statementNotice: {
    subject: (provider: string) => `Your ${provider} statement is ready`,
    heading: 'Your new statement is ready',
    intro: (provider: string) =>
      `You chose paperless statements, so here is your new ${provider} statement notice.`,
    statementDate: 'Statement date',
    amountDue: 'Amount due',
    dueDate: 'Due date',
    button: 'View and pay online',
    linkNote: (portal: string, lifetime: string) =>
      `The button signs you in to ${portal} once and works for ${lifetime}; after that, sign in with your account number and PIN or ask for a new sign-in link.`,
  },
  receipt: {
    subject: (provider: string, receiptId: string) =>
      `Your ${provider} payment receipt ${receiptId}`,
    heading: 'Thank you for your payment',
    intro: (amount: string) =>
      `We received your payment of ${amount}. Please keep this email as your receipt.`,
    receiptNumber: 'Receipt number',
    date: 'Date',
    amount: 'Amount',
    paidWith: 'Paid with',
    cardEnding: (brand: string, last4: string) => `${brand} ending in ${last4}`,
    checkingEnding: (last4: string) => `Checking account ending in ${last4}`,
    savingsEnding: (last4: string) => `Savings account ending in ${last4}`,
    paymentMethodUnknown: 'Payment',
    account: (account: string) => `Account ${account}`,
    paymentPlan: (plan: string) => `Payment plan ${plan}`,
    onAccount: 'Payment on your account',
    postingNote:
      'Your payment posts to your accounts within 1-2 business days. Until then it shows as a pending payment when you sign in.',
    authorizationIntro: 'You accepted this authorization for the eCheck debit:',
  },
  reversal: {
    subject: (provider: string, receiptId: string) =>
      `Money given back on your ${provider} payment ${receiptId}`,
    heading: 'We gave money back on your payment',
    intro: (amount: string, receiptId: string) =>
      `We gave back ${amount} of your payment with receipt number ${receiptId}.`,
    receiptNumber: 'Receipt number',
    amount: 'Amount given back',
    date: 'Date',
    how: 'How',
    toCard: (last4: string) => `Refunded to the card ending in ${last4}`,
    toCardUnknown: 'Refunded to the card you paid with',
    voided: 'The payment was voided: the charge will not appear on your statement',
    byCheck: 'A check will be mailed to you',
    note: 'Your account balances are updated within 1-2 business days.',
  },
} as const;
