/**
 * Every control of every screen, with the role and the accessible name that
 * assistive technology announces (WCAG 4.1.2 Name, Role, Value; 2.4.6 Labels).
 * specs/accessible-names.spec.ts checks each screen against this list, and the
 * list is written to be read by people as well.
 */

export const CONTROL_ROLES = [
  'button',
  'link',
  'textbox',
  'searchbox',
  'spinbutton',
  'tab',
  'checkbox',
  'radio',
  'switch',
  'combobox',
  'slider',
  'menuitem',
  'menuitemradio',
  'menuitemcheckbox',
] as const;

export type ControlRole = (typeof CONTROL_ROLES)[number];

export interface NamedControl {
  role: ControlRole;
  /** The exact name, or a pattern where the name carries the data of a row. */
  name: string | RegExp;
  /** How many controls have this role and name; 1 unless said. 'any' only with a `why`. */
  count?: number | 'any';
  /** Why the count cannot be fixed. */
  why?: string;
}

const button = (name: string | RegExp, count?: number): NamedControl => ({
  role: 'button',
  name,
  count,
});
const link = (name: string | RegExp, count?: number): NamedControl => ({
  role: 'link',
  name,
  count,
});
const textbox = (name: string): NamedControl => ({ role: 'textbox', name });
const radio = (name: string): NamedControl => ({ role: 'radio', name });
const checkbox = (name: string): NamedControl => ({ role: 'checkbox', name });
const tab = (name: string): NamedControl => ({ role: 'tab', name });

/** A guarantor's own support phone, as the demo data gives it. */
const MARIA_PHONE = '(801) 555-0142';
/** The billing office's phone, for guarantors with none of their own. */
const FALLBACK_PHONE = '(801) 555-0100';

/** The header's language switch names the other language in itself. */
const LANGUAGE_SWITCH = button('Español');

/** On every sign-in screen, beside the form. */
const SIGN_IN_FRAME: readonly NamedControl[] = [LANGUAGE_SWITCH, button('Theme: Light')];
const OTHER_WAYS = link('Other ways to sign in');

/**
 * The signed-in frame: header and footer. Statements and Payments need the
 * historical-data role. Some pages repeat the support phone in their own text.
 */
function shell(options: {
  historicalData: boolean;
  phone: string;
  phoneLinks?: number;
}): NamedControl[] {
  return [
    link('Skip to main content'),
    link('WebPay Wasatch Valley Health'),
    LANGUAGE_SWITCH,
    button('Theme: Light'),
    button('Log out'),
    link('Dashboard'),
    ...(options.historicalData ? [link('Statements'), link('Payments')] : []),
    link('Payment Methods'),
    link('Contact'),
    link(options.phone, options.phoneLinks),
    link('Financial Assistance'),
  ];
}

/** The dashboard's way to the financial assistance page, above its tabs. */
const NEED_HELP_PAYING = link('Need help paying?');

function mariaShell(phoneLinks = 1): NamedControl[] {
  return shell({ historicalData: true, phone: MARIA_PHONE, phoneLinks });
}

/** A PIN sign-in offers to confirm the account by e-mail, and the offer can be put away. */
const EMAIL_CHECK_NOTICE: readonly NamedControl[] = [
  button('Email me a code'),
  button('Dismiss notice about confirming your identity'),
];

/** Full and Clear beside each amount field, named after the row they fill. */
function amountControls(label: string): NamedControl[] {
  return [
    textbox(`Payment amount for ${label}`),
    button(`Full amount for ${label}`),
    button(`Clear amount for ${label}`),
  ];
}

/**
 * Other tests pay these accounts while the list is checked, and each payment
 * not yet posted adds a Pending Payments button beside the balance.
 */
function paidByOthers(accounts: string): NamedControl {
  return {
    role: 'button',
    name: new RegExp(`^\\$[\\d,]+\\.\\d\\d pending for ${accounts}$`),
    count: 'any',
    why: 'payments made by other tests appear as pending payments',
  };
}

const BILLING_FORM: readonly NamedControl[] = [
  textbox('First name'),
  textbox('Last name'),
  textbox('Address'),
  textbox('City'),
  { role: 'combobox', name: 'State' },
  textbox('ZIP code'),
  radio('Do not email a receipt'),
  radio('Email it to maria.garcia@example.com'),
  radio('Email it to a different email'),
  radio('Card'),
  radio('eCheck'),
];

const PAYMENT_DIALOG_BUTTONS: readonly NamedControl[] = [
  // Issue #27: the way to financial assistance, above the form.
  NEED_HELP_PAYING,
  button('Cancel'),
  button('Pay $1.00'),
  button('Close'),
];

const SCREENS = {
  login: [
    ...SIGN_IN_FRAME,
    link('Sign in with account number and PIN'),
    link('Sign in with email'),
    link('Sign up'),
    textbox('Email address'),
    button('Email me a sign-in link'),
    NEED_HELP_PAYING,
  ],
  'login/pin': [
    ...SIGN_IN_FRAME,
    textbox('Account number'),
    textbox('PIN'),
    button('Sign in'),
    OTHER_WAYS,
  ],
  'login/email': [
    ...SIGN_IN_FRAME,
    textbox('Email address'),
    textbox('Date of birth'),
    button('Send code'),
    link('Sign up with your email'),
    OTHER_WAYS,
  ],
  'login/signup': [
    ...SIGN_IN_FRAME,
    textbox('Account number'),
    textbox('First name'),
    textbox('Last name'),
    textbox('Date of birth'),
    textbox('Email address'),
    radio('Yes'),
    radio('No'),
    button('Sign up'),
    link('Sign in with email'),
    OTHER_WAYS,
  ],
  'verify/code': [
    ...SIGN_IN_FRAME,
    textbox('Verification code'),
    button('Verify'),
    button('Send a new code'),
    OTHER_WAYS,
  ],
  /** A magic link that did not sign the guarantor in. */
  'login/magic': [...SIGN_IN_FRAME, link('Choose another way to sign in')],
  /** Maria, Hospitals & Clinics. */
  dashboard: [
    ...mariaShell(2),
    NEED_HELP_PAYING,
    ...EMAIL_CHECK_NOTICE,
    tab('Hospitals & Clinics 5 items'),
    tab('Central Lab 2 items'),
    tab('Medical Equipment 1 item'),
    link('Set up a payment plan'),
    button('Pay Total'),
    button('About custom payments'),
    textbox('Custom payment amount'),
    // One in Specify Amount, one in Selected for Payment: each in its own named region.
    button('Pay Now', 2),
    button('$50.00 pending for 107-40010001'),
    paidByOthers('107-40010002'),
    ...amountControls('107-40010001'),
    ...amountControls('107-40010002'),
    ...amountControls('107-40010003'),
    button('Show details for plan PP-7001-1'),
    ...amountControls('PP-7001-1'),
    button('Show details for plan PP-7002-3'),
    ...amountControls('PP-7002-3'),
    button('Pay Now $0.00'),
  ],
  /** Maria, Central Lab. */
  'dashboard, other facility': [
    ...mariaShell(),
    NEED_HELP_PAYING,
    ...EMAIL_CHECK_NOTICE,
    tab('Hospitals & Clinics 5 items'),
    tab('Central Lab 2 items'),
    tab('Medical Equipment 1 item'),
    button('Dismiss notice about payment delays'),
    button('Pay Total'),
    link('(801) 555-0153'),
    button('Pay Now'),
    button('Refresh Central Lab encounters'),
    paidByOthers('153-8000[12]'),
    ...amountControls('153-80001'),
    ...amountControls('153-80002'),
    button('Pay Now $0.00'),
  ],
  /** James: Home Care and Salt Lake Clinic Lab, no role, no phone of his own. */
  'dashboard, other facilities only': [
    ...shell({ historicalData: false, phone: FALLBACK_PHONE }),
    NEED_HELP_PAYING,
    ...EMAIL_CHECK_NOTICE,
    tab('Home Care 1 item'),
    tab('Salt Lake Clinic Lab 2 items'),
    button('Dismiss notice about payment delays'),
    button('Pay Total'),
    link('(801) 555-0221'),
    button('Pay Now'),
    button('Refresh Home Care encounters'),
    ...amountControls('221-60001'),
    button('Pay Now $0.00'),
  ],
  /** Only the dialog: the page behind a modal dialog is hidden from assistive technology. */
  'payment dialog, card': [
    ...BILLING_FORM,
    checkbox('Save this card for future payments'),
    ...PAYMENT_DIALOG_BUTTONS,
  ],
  'payment dialog, eCheck': [
    ...BILLING_FORM,
    textbox('Routing number'),
    textbox('Account number'),
    radio('Checking'),
    radio('Savings'),
    checkbox('I have read and accept this authorization'),
    ...PAYMENT_DIALOG_BUTTONS,
  ],
  /** Maria's six statements, dated the 1st of this month and the five before. */
  statements: [
    ...mariaShell(),
    button(/^View statement of [A-Z][a-z]{2} 1, \d{4}$/, 6),
    button(/^Download PDF of the statement of [A-Z][a-z]{2} 1, \d{4}$/, 6),
  ],
  'statement dialog': [
    button(/^Download PDF of the statement of [A-Z][a-z]{2} 1, \d{4}$/),
    button('Close'),
  ],
  /** July 2026: the demo data's two payments of that month. */
  payments: [
    ...mariaShell(),
    textbox('From'),
    textbox('To'),
    button('Show payments'),
    button('Clear dates'),
    button('View receipt R-8102'),
    button('View receipt R-8101'),
  ],
  /** R-8101, paid to Medical Equipment: its phone is the one to call. */
  'receipt dialog': [link('(801) 555-0990'), button('Print'), button('Close')],
  contact: [
    ...mariaShell(2),
    link('billing@wasatchvalleyhealth.example'),
    link('(801) 555-0107'),
    link('patient.billing@example.org'),
    link('(801) 555-0153'),
    link('lab.billing@example.org'),
    link('(801) 555-0221'),
    link('homecare.billing@example.org'),
    link('(801) 555-0753'),
    link('clinic.lab.billing@example.org'),
    link('(801) 555-0990'),
    link('equipment.billing@example.org'),
  ],
  /** The contact page's code could not be downloaded: Connection Error inside the shell. */
  'error screen': [
    ...mariaShell(2),
    button('Try Again'),
    button('Refresh Page'),
    link('billing@wasatchvalleyhealth.example'),
    button('Technical details'),
  ],
} satisfies Record<string, readonly NamedControl[]>;

export type Screen = keyof typeof SCREENS;

export const ACCESSIBLE_NAMES: Record<Screen, readonly NamedControl[]> = SCREENS;
