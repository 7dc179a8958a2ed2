import { ROLES } from '@webpay/contracts/auth';

/** The demo guarantors of DEMO_DATA.md and how to sign in as each. */
export interface DemoGuarantor {
  key: DemoGuarantorKey;
  accountNumber: string;
  pin: string;
  mmi: string;
  firstName: string;
  lastName: string;
  /** The e-mail on file; null when the guarantor has none yet. */
  email: string | null;
  /** The e-mail a guarantor without one signs up with. */
  signUpEmail: string | null;
  birthdate: string;
  supportPhone: string | null;
  roles: readonly string[];
  paperless: boolean;
  /** False for a guarantor who has not signed up on the portal yet. */
  signedUp: boolean;
  /** What the account demonstrates. */
  purpose: string;
}

export type DemoGuarantorKey = 'maria' | 'james' | 'linda' | 'robert' | 'ana';

/** The phone the portal shows when the guarantor record has none. */
export const FALLBACK_SUPPORT_PHONE = '(801) 555-0100';

export const DEMO_GUARANTORS = {
  maria: {
    key: 'maria',
    accountNumber: '100200300',
    pin: '48271936',
    mmi: '5001001',
    firstName: 'Maria',
    lastName: 'Garcia',
    email: 'maria.garcia@example.com',
    signUpEmail: null,
    birthdate: '1984-03-17',
    supportPhone: '(801) 555-0142',
    roles: [ROLES.historicalData],
    paperless: true,
    signedUp: true,
    purpose: 'Every feature: encounters, plans, other facilities, statements, payments',
  },
  james: {
    key: 'james',
    accountNumber: '200300400',
    pin: '51730284',
    mmi: '5002002',
    firstName: 'James',
    lastName: 'Wilson',
    email: 'james.wilson@example.com',
    signUpEmail: null,
    birthdate: '1972-11-05',
    supportPhone: null,
    roles: [],
    paperless: false,
    signedUp: true,
    purpose: 'Other facilities only (Home Care, Salt Lake Clinic Lab); fallback support phone',
  },
  linda: {
    key: 'linda',
    accountNumber: '300400500',
    pin: '60418253',
    mmi: '5003003',
    firstName: 'Linda',
    lastName: 'Chen',
    email: null,
    signUpEmail: null,
    birthdate: '1990-07-22',
    supportPhone: null,
    roles: [],
    paperless: false,
    signedUp: true,
    purpose: 'Nothing owed, no e-mail on file',
  },
  robert: {
    key: 'robert',
    accountNumber: '400500600',
    pin: '73920461',
    mmi: '5004004',
    firstName: 'Robert',
    lastName: 'Johnson',
    email: 'robert.johnson@example.com',
    signUpEmail: null,
    birthdate: '1958-01-30',
    supportPhone: null,
    roles: [ROLES.historicalData],
    paperless: false,
    signedUp: true,
    purpose: 'A large account: 150 encounters, 25 plans, 40 other-facility encounters',
  },
  ana: {
    key: 'ana',
    accountNumber: '500600700',
    pin: '82065917',
    mmi: '5005005',
    firstName: 'Ana',
    lastName: 'Torres',
    email: null,
    signUpEmail: 'ana.torres@example.com',
    birthdate: '1995-12-08',
    supportPhone: null,
    roles: [],
    paperless: false,
    signedUp: false,
    purpose: 'Not yet signed up; signs up with ana.torres@example.com',
  },
} as const satisfies Record<DemoGuarantorKey, DemoGuarantor>;

export const DEMO_GUARANTOR_LIST: readonly DemoGuarantor[] = Object.values(DEMO_GUARANTORS);

/** The size of Robert's generated account (DEMO_DATA.md §4). */
export const ROBERT_COUNTS = {
  mainEncounters: 150,
  paymentPlans: 25,
  otherFacilityEncounters: 40,
  statements: 36,
  payments: 60,
} as const;
