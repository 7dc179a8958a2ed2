/*
 * The words of the financial assistance letters in English, for a reader
 * on a phone: short sentences, everyday words (about an 8th-grade reading
 * level), one idea to a paragraph. Names, amounts and dates come in
 * already formatted for the language.
 */

const people = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;

export const LETTER_MESSAGES_EN = {
  reference: 'Application',
  date: 'Date',
  greeting: (firstName: string | undefined) => (firstName ? `Dear ${firstName},` : 'Hello,'),
  bullet: (item: string) => `• ${item}`,
  questions: 'Questions? We are glad to help.',
  phone: 'Phone',
  hours: 'Hours',
  byMail: 'By mail',
  inPerson: 'In person',
  closing: 'Sincerely,',
  signature: (provider: string) => `Financial Assistance Office, ${provider}`,

  approval: {
    subject: (reference: string) => `Your financial assistance is approved (${reference})`,
    intro: 'Good news: we approved your application for financial assistance.',
    discount: (percent: number) =>
      percent === 100
        ? 'Your care on the accounts below is free. We took 100% off what you owed.'
        : `You get a ${percent}% discount. We took ${percent}% off what you owed on the accounts below.`,
    household: (size: number, income: string) =>
      `How we decided: you told us your household has ${people(size)} and earns ${income} a year.`,
    guideline: (year: number, size: number, guideline: string, percent: number) =>
      `The ${year} federal poverty guideline for ${people(size)} is ${guideline}. Your income is ${percent}% of that guideline.`,
    tier: (upTo: number, discount: number) =>
      `Our policy gives a ${discount}% discount when income is at or below ${upTo}% of the guideline.`,
    aboveTiers: 'That income is above the limits of our usual discounts.',
    presumptive: {
      medicaid: 'How we decided: you get Medicaid.',
      snap: 'How we decided: you get SNAP (food stamps).',
      wic: 'How we decided: you get WIC.',
      homelessness: 'How we decided: you told us you do not have a place to live.',
    },
    presumptiveRule: (discount: number) =>
      `Under our policy, this alone gives a ${discount}% discount. We did not need to count your income.`,
    override: (discount: number, reason: string) =>
      `Our reviewer set your discount at ${discount}%, for this reason: ${reason}`,
    accountsIntro: 'Here are your accounts, before and after the discount:',
    account: 'Account',
    serviceDate: 'Date of service',
    balance: 'Balance',
    adjustment: 'Taken off',
    newBalance: 'New balance',
    totalBalance: 'Total balance',
    totalAdjustment: 'Total taken off',
    totalNewBalance: 'Total new balance',
    refund: (amount: string) =>
      `You already paid ${amount} more than your new balance. We will refund ${amount} to you. You will get a separate email when the refund is made.`,
    planPaidOff: (plan: string) =>
      `Your payment plan ${plan} is now paid in full. We will not take any more payments for it.`,
    planRecalculated: (plan: string, balance: string, monthly: string) =>
      `We recalculated your payment plan ${plan}: ${balance} is left, at ${monthly} a month.`,
    pending:
      'In the portal, the new balances show as pending until our billing system confirms them. This can take a few business days.',
  },

  denial: {
    subject: (reference: string) =>
      `Decision on your financial assistance application (${reference})`,
    intro:
      'We reviewed your application for financial assistance. We are sorry, but we cannot approve it.',
    reasonIntro: 'The reason:',
    balances:
      'Your balances stay as they were. A payment plan in the portal can help you pay over time.',
    reapply: (date: string) =>
      `You may apply again if your situation changes, for example if your income goes down or your household grows. You can apply until ${date}.`,
    applyAt: (url: string) => `Apply in the portal: ${url}`,
    askUs: 'If you have questions about this decision, please contact us.',
  },

  incomplete: {
    subject: (reference: string) => `We need more information for your application (${reference})`,
    intro:
      'Thank you for applying for financial assistance. To finish our review, we need a few more things from you:',
    dueBy: (date: string) => `Please send them by ${date}.`,
    how: 'To send them, sign in to the portal and open your application. You can add a photo or a PDF of each item there:',
    ifNot: (date: string) =>
      `If we do not get them by ${date}, the hold on your account ends. Statements, reminders and automatic payments start again. After we send you a written notice, your balance could be sent to collections.`,
    moreTime: 'If you need more time, or cannot get an item, please call us before that date.',
  },

  holdReleased: {
    subject: (reference: string) => `The hold on your account has ended (${reference})`,
    denied: (date: string) =>
      `We denied your application for financial assistance, so the hold on your account ended on ${date}.`,
    informationOverdue: (due: string, date: string) =>
      `We asked you for more information by ${due}, and we did not get it. So the hold on your account ended on ${date}.`,
    resumesIntro: 'Here is what starts again:',
    autopay: 'Automatic payments (autopay), on their next scheduled date.',
    planCharges: 'Payments on your payment plan, on their next due date.',
    notices: 'Statements and payment reminders.',
    sendLater:
      'You can still send what we asked for in the portal. We will then finish reviewing your application.',
    applyAgain: (date: string) => `You may apply for financial assistance again until ${date}.`,
    applyAt: (url: string) => `Apply in the portal: ${url}`,
  },

  collectionNotice: {
    subject: (reference: string) => `Important notice about your balance (${reference})`,
    intro: (provider: string, balance: string) =>
      `This is an important notice about your balance of ${balance} with ${provider}.`,
    assistance:
      'Financial assistance is available. You may qualify for free or lower-cost care, even if you applied before.',
    actionsIntro: 'If your balance is not paid or settled, we may take these collection actions:',
    creditReport: 'Report your debt to a credit agency (credit bureau).',
    saleOfDebt: 'Sell your debt to another company.',
    legalAction: 'Take legal action, such as a lawsuit.',
    notBefore: (date: string) =>
      `We will not take any of these actions before ${date}. That is at least 30 days after the date of this notice.`,
    applyAgain: (date: string) =>
      `To apply for financial assistance, use the portal until ${date}. While your application is open, we will not take any of these actions.`,
    applyAt: (url: string) => `Apply in the portal: ${url}`,
    summary: (url: string) =>
      `Read our plain-language summary of the financial assistance policy: ${url}. Call us for a free paper copy.`,
  },
} as const;
