import { z } from 'zod';
import { encountersResponseSchema } from './encounters.ts';
import { paymentHistoryItemSchema } from './payment-history.ts';
import { plainText } from './plain-text.ts';
import { statementSummarySchema } from './statements.ts';

/*
 * The billing office console: its page, its API and what the two exchange.
 * Staff calls live under their own prefix and their own credentials: a staff
 * session never opens a guarantor call, and a guarantor's token never opens
 * a staff call (decision 0023).
 */

/** Where the console's page is served. */
export const OFFICE_BASE_PATH = '/office';
/** Where the console's API lives; not behind the portal's API key. */
export const OFFICE_API_BASE_PATH = '/api/v1/office';

/** Paths of the console's API, relative to OFFICE_API_BASE_PATH. */
export const OFFICE_API_PATHS = {
  /** POST: e-mail, password and authentication code (TOTP or a recovery code). */
  signIn: '/auth/sign-in',
  /** GET: the signed-in staff member and the session's limits. */
  me: '/auth/me',
  /** POST: keeps an idle session alive (the idle-timeout warning's "Stay signed in"). */
  keepAlive: '/auth/keep-alive',
  /** POST: ends this session. */
  signOut: '/auth/sign-out',
  /** POST: ends every session of the signed-in staff member. */
  signOutEverywhere: '/auth/sign-out-everywhere',
  /** GET: whether single sign-on is configured (no sign-in needed). */
  ssoStatus: '/auth/sso',
  /** GET: what the console needs before it shows anything, the hospital's time zone (no sign-in needed). */
  config: '/config',
  /** GET: redirects to the identity provider. */
  ssoStart: '/auth/sso/start',
  /** GET: the identity provider's redirect back; ends on the console with a one-time grant. */
  ssoCallback: '/auth/sso/callback',
  /** POST: exchanges the one-time grant from the callback for a session. */
  ssoExchange: '/auth/sso/exchange',
  /** GET: an enrolment link's staff member and TOTP key; POST: completes it. */
  enrolment: (token: string) => `/enrolment/${encodeURIComponent(token)}`,
  home: '/home',
  /** GET ?q=: guarantors matching one search box. */
  search: '/guarantors',
  guarantor: (id: string) => `/guarantors/${encodeURIComponent(id)}`,
  guarantorStatementPdf: (id: string, statementId: string) =>
    `/guarantors/${encodeURIComponent(id)}/statements/${encodeURIComponent(statementId)}/pdf`,
  /** POST with a reason: one of SUPPORT_ACTIONS. */
  guarantorAction: (id: string, action: SupportAction) =>
    `/guarantors/${encodeURIComponent(id)}/actions/${action}`,
  /** GET: the printable PIN letter of the PIN just issued (one-time, by its letter id). */
  pinLetter: (id: string, letterId: string) =>
    `/guarantors/${encodeURIComponent(id)}/pin-letters/${encodeURIComponent(letterId)}`,
  audit: '/audit',
  auditCsv: '/audit.csv',
  staff: '/staff',
  staffMember: (id: string) => `/staff/${encodeURIComponent(id)}`,
  /** POST: a new one-time enrolment link (new password and second factor). */
  staffReset: (id: string) => `/staff/${encodeURIComponent(id)}/reset`,
  /** POST: disabled staff cannot sign in; their sessions end. */
  staffDisable: (id: string) => `/staff/${encodeURIComponent(id)}/disable`,
} as const;

// ---------------------------------------------------------------- roles

/**
 * The console's roles (issues #23 and #27). Their order is also single
 * sign-on's precedence: of the roles a person's claims map to, the last
 * one here wins.
 */
export const STAFF_ROLES = ['viewer', 'agent', 'reviewer', 'supervisor', 'admin'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** What a role may be allowed to do. */
export const STAFF_PERMISSIONS = [
  // Read guarantors, payments, the audit trail.
  'read',
  // Support actions and resends.
  'support',
  // Financial assistance: see applications' documents, request information, approve or deny.
  'review',
  // Approvals and refunds.
  'approve',
  // Staff and settings.
  'administer',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/**
 * What each role may do, spelled out rather than ranked: a reviewer sees
 * what no other role may (financial assistance documents) yet takes no
 * support action.
 */
export const STAFF_ROLE_PERMISSIONS = {
  viewer: ['read'],
  agent: ['read', 'support'],
  reviewer: ['read', 'review'],
  supervisor: ['read', 'support', 'approve'],
  admin: ['read', 'support', 'approve', 'administer'],
} as const satisfies Record<StaffRole, readonly StaffPermission[]>;

export function staffCan(role: StaffRole, permission: StaffPermission): boolean {
  return (STAFF_ROLE_PERMISSIONS[role] as readonly StaffPermission[]).includes(permission);
}

/** The roles that allow `permission`, in STAFF_ROLES order (what a refusal reports). */
export function rolesAllowedTo(permission: StaffPermission): StaffRole[] {
  return STAFF_ROLES.filter((role) => staffCan(role, permission));
}

// ---------------------------------------------------------------- sign-in

/** Session limits (issue #23): idle 15 minutes, warned 2 minutes before, 12 hours at most. */
export const STAFF_IDLE_TIMEOUT_SECONDS = 15 * 60;
export const STAFF_IDLE_WARNING_SECONDS = 2 * 60;
export const STAFF_SESSION_MAX_SECONDS = 12 * 60 * 60;

/** NIST SP 800-63B: at least 12 characters, no composition rules. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MAX_LENGTH = 256;
export const RECOVERY_CODE_COUNT = 10;

export const OFFICE_FIELD_MESSAGES = {
  emailRequired: 'Email is required',
  emailFormat: 'Enter an email address like name@example.org',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${STAFF_PASSWORD_MAX_LENGTH} characters`,
  passwordCommon: 'This password is too common or has appeared in a breach; choose another',
  passwordPersonal:
    'Choose a password without your name, your email address or the name of the hospital or portal',
  codeRequired: 'Authentication code is required',
  codeFormat: 'Enter the 6-digit code from your app or a recovery code',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be at most 500 characters',
  searchRequired: 'Enter something to search for',
  nameRequired: 'Name is required',
} as const;

export const staffEmailSchema = plainText({ error: OFFICE_FIELD_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, OFFICE_FIELD_MESSAGES.emailRequired)
  .max(254, OFFICE_FIELD_MESSAGES.emailFormat)
  .pipe(z.email(OFFICE_FIELD_MESSAGES.emailFormat));

/** A password as typed: never trimmed (spaces are characters too). Strength is checked on the server. */
export const staffPasswordSchema = z
  .string({ error: OFFICE_FIELD_MESSAGES.passwordRequired })
  .min(1, OFFICE_FIELD_MESSAGES.passwordRequired)
  .max(STAFF_PASSWORD_MAX_LENGTH, OFFICE_FIELD_MESSAGES.passwordTooLong);

/** A 6-digit TOTP code, or a recovery code (xxxxx-xxxxx, letters and digits). */
export const authenticationCodeSchema = plainText({ error: OFFICE_FIELD_MESSAGES.codeRequired })
  .trim()
  .min(1, OFFICE_FIELD_MESSAGES.codeRequired)
  .regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/i, OFFICE_FIELD_MESSAGES.codeFormat);

export const staffSignInRequestSchema = z
  .object({
    email: staffEmailSchema,
    password: staffPasswordSchema,
    code: authenticationCodeSchema,
  })
  .strict()
  .meta({ id: 'StaffSignInRequest' });
export type StaffSignInRequest = z.infer<typeof staffSignInRequestSchema>;

export const staffSessionResponseSchema = z
  .object({
    access_token: z.string().min(1),
    /** Seconds until the session ends, whatever its use (at most 12 hours). */
    expires_in: z.number().int().positive(),
    /** Seconds of inactivity after which the session ends. */
    idle_timeout: z.number().int().positive(),
  })
  .meta({ id: 'StaffSessionResponse' });
export type StaffSessionResponse = z.infer<typeof staffSessionResponseSchema>;

export const staffMemberSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: staffRoleSchema,
    /** 'local' (password and TOTP) or 'sso' (the identity provider). */
    kind: z.enum(['local', 'sso']),
    status: z.enum(['invited', 'active', 'disabled']),
    lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffMeSchema = z
  .object({
    staff: staffMemberSchema,
    session: z.object({
      signedInAt: z.iso.datetime({ offset: true }),
      /** The session's hard end (12 hours after sign-in). */
      expiresAt: z.iso.datetime({ offset: true }),
      /** When the session ends if nothing more is done. */
      idleExpiresAt: z.iso.datetime({ offset: true }),
      method: z.enum(['password', 'sso']),
    }),
  })
  .meta({ id: 'StaffMe' });
export type StaffMe = z.infer<typeof staffMeSchema>;

/**
 * GET config: public, as the portal's app config is. The hospital's IANA
 * time zone (WEBPAY_TIME_ZONE), which every day the service counts is a day
 * of, so the console writes times and days as the hospital's clocks read.
 */
export const officeConfigSchema = z
  .object({ timeZone: z.string().meta({ example: 'America/Denver' }) })
  .meta({ id: 'OfficeConfig' });
export type OfficeConfig = z.infer<typeof officeConfigSchema>;

export const ssoStatusSchema = z
  .object({ enabled: z.boolean(), label: z.string().nullable() })
  .meta({ id: 'SsoStatus' });
export type SsoStatus = z.infer<typeof ssoStatusSchema>;

/**
 * Why a single sign-on ended without a session: the callback's redirect to
 * `/office/sso?error=<code>`, for the console to explain.
 */
export const SSO_ERROR_CODES = {
  /** The identity provider or its answer failed a check; starting again may help. */
  failed: 'SSO_FAILED',
  /** The identity provider could not be reached. */
  unavailable: 'SSO_UNAVAILABLE',
  /** The person cancelled or the identity provider refused them. */
  cancelled: 'SSO_CANCELLED',
  /** The sign-in took longer than 10 minutes, or its link was used already. */
  expired: 'SSO_EXPIRED',
  /** The identity provider did not vouch for the e-mail address. */
  emailNotVerified: 'SSO_EMAIL_NOT_VERIFIED',
  /** None of the person's groups or roles is mapped to a billing office role. */
  roleNotMapped: 'SSO_ROLE_NOT_MAPPED',
  /** The staff member is disabled. */
  staffDisabled: 'SSO_STAFF_DISABLED',
  /** The address belongs to a staff member who signs in with a password and code. */
  localAccount: 'SSO_LOCAL_ACCOUNT',
} as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[keyof typeof SSO_ERROR_CODES];

/** Where the callback sends the browser back to, with `grant` or `error`. */
export const OFFICE_SSO_LANDING_PATH = `${OFFICE_BASE_PATH}/sso`;

export const ssoExchangeRequestSchema = z
  .object({ grant: plainText().min(1).max(200) })
  .strict()
  .meta({ id: 'SsoExchangeRequest' });

/** GET enrolment: who it is for and the TOTP key to add to an app. */
export const enrolmentSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    role: staffRoleSchema,
    /** Base32 TOTP key, to type in by hand. */
    totpSecret: z.string(),
    /** otpauth:// URI, for the QR code. */
    otpauthUri: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Enrolment' });
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const enrolmentRequestSchema = z
  .object({ password: staffPasswordSchema, code: z.string().regex(/^\d{6}$/) })
  .strict()
  .meta({ id: 'EnrolmentRequest' });

/** Shown once, when enrolment completes: 10 one-time recovery codes. */
export const enrolmentResultSchema = z
  .object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) })
  .meta({ id: 'EnrolmentResult' });

// ---------------------------------------------------------------- staff administration

export const addStaffRequestSchema = z
  .object({
    name: plainText({ error: OFFICE_FIELD_MESSAGES.nameRequired })
      .trim()
      .min(1, OFFICE_FIELD_MESSAGES.nameRequired)
      .max(120),
    email: staffEmailSchema,
    role: staffRoleSchema,
  })
  .strict()
  .meta({ id: 'AddStaffRequest' });
export type AddStaffRequest = z.infer<typeof addStaffRequestSchema>;

/** A new or reset account's one-time enrolment link, to hand to its owner. */
export const enrolmentLinkSchema = z
  .object({
    staff: staffMemberSchema,
    enrolmentUrl: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'EnrolmentLink' });

export const staffListSchema = z
  .object({ staff: z.array(staffMemberSchema) })
  .meta({ id: 'StaffList' });

// ---------------------------------------------------------------- actions and reasons

export const reasonSchema = plainText({ error: OFFICE_FIELD_MESSAGES.reasonRequired })
  .trim()
  .min(1, OFFICE_FIELD_MESSAGES.reasonRequired)
  .max(500, OFFICE_FIELD_MESSAGES.reasonTooLong);

export const SUPPORT_ACTIONS = [
  'unlock-sign-in',
  'sign-out-all-sessions',
  'send-sign-in-link',
  'issue-new-pin',
  'correct-email',
] as const;
export const supportActionSchema = z.enum(SUPPORT_ACTIONS);
export type SupportAction = z.infer<typeof supportActionSchema>;

export const supportActionRequestSchema = z
  .object({
    reason: reasonSchema,
    /** Only for correct-email: the new address. */
    email: staffEmailSchema.optional(),
  })
  .strict()
  .meta({ id: 'SupportActionRequest' });
export type SupportActionRequest = z.infer<typeof supportActionRequestSchema>;

export const supportActionResultSchema = z
  .object({
    action: supportActionSchema,
    /** What happened, in the reader's language. */
    message: z.string(),
    /** issue-new-pin: the letter to print (OFFICE_API_PATHS.pinLetter). */
    pinLetterId: z.string().optional(),
  })
  .meta({ id: 'SupportActionResult' });
export type SupportActionResult = z.infer<typeof supportActionResultSchema>;

// ---------------------------------------------------------------- search

export const searchQuerySchema = z
  .object({
    q: plainText({ error: OFFICE_FIELD_MESSAGES.searchRequired })
      .trim()
      .min(1, OFFICE_FIELD_MESSAGES.searchRequired)
      .max(120),
  })
  .strict();

/** Which key a search matched on. */
export const SEARCH_KEYS = [
  'accountNumber',
  'name',
  'birthdate',
  'email',
  'phone',
  'receiptNumber',
  'encounterId',
] as const;

export const guarantorSearchHitSchema = z
  .object({
    guarantorId: z.string(),
    accountNumber: z.string(),
    name: z.string(),
    birthdate: z.iso.date().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    matchedOn: z.enum(SEARCH_KEYS),
  })
  .meta({ id: 'GuarantorSearchHit' });
export type GuarantorSearchHit = z.infer<typeof guarantorSearchHitSchema>;

export const guarantorSearchResultSchema = z
  .object({
    hits: z.array(guarantorSearchHitSchema),
    /** True when more matched than were returned (at most 50). */
    more: z.boolean(),
  })
  .meta({ id: 'GuarantorSearchResult' });
export type GuarantorSearchResult = z.infer<typeof guarantorSearchResultSchema>;

// ---------------------------------------------------------------- a guarantor's page

export const sentEmailSchema = z
  .object({
    id: z.string(),
    /** receipt, statement-notice, sign-in-link, sign-in-code, verification-code, … */
    kind: z.string(),
    to: z.string(),
    subject: z.string(),
    status: z.enum(['queued', 'sent', 'failed']),
    queuedAt: z.iso.datetime({ offset: true }),
    sentAt: z.iso.datetime({ offset: true }).nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'SentEmail' });
export type SentEmail = z.infer<typeof sentEmailSchema>;

export const signInStateSchema = z
  .object({
    /** Whether the guarantor has signed up (an e-mail address confirmed). */
    signedUp: z.boolean(),
    pinIssuedAt: z.iso.datetime({ offset: true }).nullable(),
    lockedUntil: z.iso.datetime({ offset: true }).nullable(),
    failedAttempts: z.number().int().nonnegative(),
    activeSessions: z.number().int().nonnegative(),
    lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'SignInState' });
export type SignInState = z.infer<typeof signInStateSchema>;

export const guarantorPageSchema = z
  .object({
    guarantorId: z.string(),
    accountNumber: z.string(),
    name: z.string(),
    birthdate: z.iso.date().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    preferredLanguage: z.enum(['en', 'es']),
    /** Exactly what GET /encounters answers the guarantor. */
    billing: encountersResponseSchema,
    statements: z.array(statementSummarySchema),
    payments: z.array(paymentHistoryItemSchema),
    emails: z.array(sentEmailSchema),
    signIn: signInStateSchema,
  })
  .meta({ id: 'GuarantorPage' });
export type GuarantorPage = z.infer<typeof guarantorPageSchema>;

// ---------------------------------------------------------------- audit

export const auditQuerySchema = z
  .object({
    guarantorId: plainText().max(100).optional(),
    staffId: plainText().max(100).optional(),
    action: plainText().max(100).optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    /** Page size, newest first. */
    limit: z.coerce.number().int().min(1).max(500).default(100),
    /** The id of the last row of the previous page. */
    before: z.coerce.number().int().positive().optional(),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    occurredAt: z.iso.datetime({ offset: true }),
    actorType: z.string(),
    actorId: z.string().nullable(),
    /** The staff member's name when the actor is staff. */
    actorName: z.string().nullable(),
    guarantorId: z.string().nullable(),
    action: z.string(),
    outcome: z.enum(['success', 'failure']),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    reason: z.string().nullable(),
    ipAddress: z.string().nullable(),
    requestId: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z
  .object({ entries: z.array(auditEntrySchema), nextBefore: z.number().int().nullable() })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;

// ---------------------------------------------------------------- home

export const jobRunSchema = z
  .object({
    at: z.iso.datetime({ offset: true }),
    outcome: z.enum(['success', 'failure']),
    summary: z.string(),
  })
  .nullable();

export const officeHomeSchema = z
  .object({
    /** The facility's day (WEBPAY_TIME_ZONE). */
    today: z.iso.date(),
    paymentsToday: z.object({ count: z.number().int(), amountCents: z.number().int() }),
    attention: z.object({
      /** Payments whose outcome is unknown and wait for reconciliation. */
      awaitingReconciliation: z.number().int(),
      /** Voids and refunds above the threshold waiting for a second supervisor (issue #24). */
      awaitingApproval: z.number().int(),
      /** Plans with an instalment overdue after autopay's retry also failed (issue #25). */
      plansNeedingAttention: z.number().int(),
      failedEmails: z.number().int(),
    }),
    lastRuns: z.object({ import: jobRunSchema, export: jobRunSchema, reconcile: jobRunSchema }),
  })
  .meta({ id: 'OfficeHome' });
export type OfficeHome = z.infer<typeof officeHomeSchema>;
