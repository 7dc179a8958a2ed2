import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from './dates.ts';
import { facilityIdSchema } from './facilities.ts';
import {
  GUIDELINE_REGIONS,
  INCOME_FREQUENCIES,
  MAX_HOUSEHOLD_SIZE,
  MAX_YEARLY_INCOME_CENTS,
  PRESUMPTIVE_CATEGORIES,
  discountTierSchema,
  yearlyIncome,
  type IncomeFrequency,
  type PresumptiveCategory,
} from './financial-assistance.ts';
import type { Language } from './language.ts';
import type { Cents } from './money.ts';
import { reversalKindSchema, reversalStatusSchema } from './payment-desk.ts';

/*
 * The financial assistance application (issue #27): what a signed-in
 * guarantor sends, how it moves from "Submitted" to a decision, what the
 * guarantor's tracker and the console's case page show, and the calls of
 * both. Paths in ASSISTANCE_APPLICATION_PATHS are relative to
 * SERVICE_BASE_PATH and need a signed-in guarantor; those in
 * ASSISTANCE_REVIEW_PATHS are relative to the console's API base and need a
 * staff session.
 */

// ------------------------------------------------------------ statuses

export const APPLICATION_STATUSES = [
  'submitted',
  'in_review',
  'need_information',
  'approved',
  'denied',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);

/** Pinned names users see (issue #27), in each language. */
export const APPLICATION_STATUS_NAMES: Readonly<
  Record<Language, Readonly<Record<ApplicationStatus, string>>>
> = {
  en: {
    submitted: 'Submitted',
    in_review: 'In review',
    need_information: 'Need more information',
    approved: 'Approved',
    denied: 'Denied',
  },
  es: {
    submitted: 'Enviada',
    in_review: 'En revisión',
    need_information: 'Se necesita más información',
    approved: 'Aprobada',
    denied: 'Denegada',
  },
};

/** An application in one of these is open: the hold applies and the office can act on it. */
export const OPEN_STATUSES = ['submitted', 'in_review', 'need_information'] as const;
export type OpenStatus = (typeof OPEN_STATUSES)[number];

export function isOpen(status: ApplicationStatus): status is OpenStatus {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

/** Which status each step may move an application to, from which. */
const MOVES: Readonly<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  submitted: ['in_review', 'need_information', 'approved', 'denied'],
  in_review: ['need_information', 'approved', 'denied'],
  // The guarantor's answer puts it back in review; a reviewer may decide without it.
  need_information: ['in_review', 'approved', 'denied'],
  approved: [],
  denied: [],
};

export function canMove(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return MOVES[from].includes(to);
}

// ------------------------------------------------------------ the answers

/** How a household member is related to the guarantor who applies. */
export const RELATIONSHIPS = ['self', 'spouse', 'partner', 'child', 'parent', 'other'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export const INCOME_SOURCES = [
  'wages',
  'self_employment',
  'unemployment',
  'social_security',
  'disability',
  'pension',
  'child_support',
  'other',
] as const;
export type IncomeSource = (typeof INCOME_SOURCES)[number];

/** Public benefits the application asks about; some are presumptive categories. */
export const PUBLIC_BENEFITS = ['medicaid', 'snap', 'wic', 'tanf', 'ssi', 'liheap'] as const;
export type PublicBenefit = (typeof PUBLIC_BENEFITS)[number];

export const MAX_INCOMES_PER_MEMBER = 6;
export const MAX_HARDSHIP_LENGTH = 2000;
export const MAX_NAME_LENGTH = 80;

const amountSchema = z.number().int().min(0).max(MAX_YEARLY_INCOME_CENTS);
const shortText = z.string().trim().min(1).max(MAX_NAME_LENGTH);

export const incomeSchema = z.object({
  source: z.enum(INCOME_SOURCES),
  /** What is received each time, in cents. */
  amountCents: amountSchema.positive(),
  frequency: z.enum(INCOME_FREQUENCIES),
});
export type Income = z.infer<typeof incomeSchema>;

/** How the member's proof of income arrives. */
export const DOCUMENT_PLANS = ['upload', 'send_later', 'no_income'] as const;
export type DocumentPlan = (typeof DOCUMENT_PLANS)[number];

export const householdMemberSchema = z
  .object({
    name: shortText,
    relationship: z.enum(RELATIONSHIPS),
    incomes: z.array(incomeSchema).max(MAX_INCOMES_PER_MEMBER),
    /**
     * 'no_income' is the member's attestation that they have none (and so
     * no incomes); 'send_later' leaves a document outstanding on the tracker.
     */
    documents: z.enum(DOCUMENT_PLANS),
  })
  .refine((member) => member.documents !== 'no_income' || member.incomes.length === 0, {
    message: 'A member who attests to no income lists no income',
    path: ['incomes'],
  });
export type HouseholdMember = z.infer<typeof householdMemberSchema>;

export const assetsSchema = z.object({
  /** Cash, checking and savings. */
  cashCents: amountSchema,
  /** Anything else of value the policy counts (not the home or a car needed for work). */
  otherCents: amountSchema,
});
export type Assets = z.infer<typeof assetsSchema>;

/** An account as the portal names it: its facility and account number. */
export const accountRefSchema = z.object({
  facilityId: facilityIdSchema,
  accountNumber: z.string().min(1).max(32),
});
export type AccountRef = z.infer<typeof accountRefSchema>;

export const applicationAnswersSchema = z.object({
  /** The accounts the application covers (the portal offers, and checks, every open one). */
  // Enough for the largest demo account (Robert), well inside the 64 KB body limit.
  accounts: z.array(accountRefSchema).min(1).max(1000),
  region: z.enum(GUIDELINE_REGIONS),
  /** The applicant first ('self'), then everyone else in the household. */
  members: z
    .array(householdMemberSchema)
    .min(1)
    .max(MAX_HOUSEHOLD_SIZE)
    .refine((members) => members[0]?.relationship === 'self', {
      message: 'The household starts with the applicant',
    })
    .refine((members) => members.filter((member) => member.relationship === 'self').length === 1, {
      message: 'Only the applicant is "self"',
    }),
  benefits: z.array(z.enum(PUBLIC_BENEFITS)).max(PUBLIC_BENEFITS.length),
  homeless: z.boolean(),
  insurance: z.object({
    insured: z.boolean(),
    insurer: z.string().trim().max(MAX_NAME_LENGTH).optional(),
  }),
  hardship: z.string().trim().max(MAX_HARDSHIP_LENGTH),
  /** Asked only when the facility's policy has an asset test; refused otherwise. */
  assets: assetsSchema.optional(),
});
export type ApplicationAnswers = z.infer<typeof applicationAnswersSchema>;

export const submitApplicationSchema = z.object({
  answers: applicationAnswersSchema,
  /** Keep autopay and plan charges going while the application is open (they pause otherwise). */
  keepPaying: z.boolean(),
  attestations: z.object({
    /** The answers are true and complete. */
    truthful: z.literal(true),
    /** The hospital may check them (credit bureau, employer, benefits office). */
    verification: z.literal(true),
  }),
  /** The electronic signature: the guarantor's typed full name. */
  signature: shortText,
});
export type SubmitApplication = z.infer<typeof submitApplicationSchema>;

/** The household's yearly income: every member's every income made yearly. */
export function householdYearlyIncome(members: readonly Pick<HouseholdMember, 'incomes'>[]): Cents {
  return members
    .flatMap((member) => member.incomes)
    .reduce((total, income) => total + yearlyIncome(income.amountCents, income.frequency), 0);
}

/** The presumptive categories the answers show, in the policy's terms. */
export function presumptiveCategories(
  answers: Pick<ApplicationAnswers, 'benefits' | 'homeless'>,
): PresumptiveCategory[] {
  const shown = new Set<string>(answers.benefits);
  if (answers.homeless) shown.add('homelessness');
  return PRESUMPTIVE_CATEGORIES.filter((category) => shown.has(category));
}

export type { IncomeFrequency };

// ------------------------------------------------------------ documents

export const DOCUMENT_KINDS = ['income', 'benefits', 'identity', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What a document may be: a photo or a PDF, checked by its bytes, not its name. */
export const DOCUMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];
/** 10 MB: a phone photo or a scanned statement, well inside. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/**
 * A document's state: 'outstanding' is a "send later" or a reviewer's
 * request not yet answered; 'purged' had its file removed after the
 * decision (its figures and hash kept).
 */
export const DOCUMENT_STATUSES = [
  'outstanding',
  'received',
  'accepted',
  'rejected',
  'purged',
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const uploadDocumentQuerySchema = z.object({
  /** 0 for the applicant, then the other members in the order sent. */
  memberIndex: z
    .string()
    .regex(/^(0|[1-9]\d?)$/, "memberIndex is the member's number, from 0")
    .transform(Number),
  kind: z.enum(DOCUMENT_KINDS),
  /** The file's name as the guarantor's device gave it, for the reviewer only. */
  fileName: z.string().trim().min(1).max(120),
  /** Answers this outstanding document (a "send later" or a requested item), if given. */
  documentId: z.uuid().optional(),
});
export type UploadDocumentQuery = z.infer<typeof uploadDocumentQuerySchema>;

export const applicationDocumentSchema = z.object({
  id: z.uuid(),
  memberIndex: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  status: z.enum(DOCUMENT_STATUSES),
  fileName: z.string().nullable(),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES).nullable(),
  sizeBytes: z.number().int().nullable(),
  receivedAt: isoDateTimeSchema.nullable(),
  /** Why a reviewer did not accept it, in words the guarantor reads. */
  rejectReason: z.string().nullable(),
});
export type ApplicationDocument = z.infer<typeof applicationDocumentSchema>;

// ------------------------------------------------------------ the tracker

/** What happened on an application, oldest first: status changes, messages and letters. */
export const TIMELINE_KINDS = ['status', 'message', 'letter', 'hold'] as const;

export const timelineEntrySchema = z.object({
  at: isoDateTimeSchema,
  kind: z.enum(TIMELINE_KINDS),
  /** For 'status': the status it moved to. */
  status: applicationStatusSchema.nullable(),
  /** Who wrote it: the guarantor, the billing office (never a staff member's name), or the system. */
  author: z.enum(['guarantor', 'office', 'system']),
  /** A message's words, a requested item list, a hold's notice. */
  text: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const LETTER_KINDS = [
  'approval',
  'denial',
  'incomplete',
  'hold_released',
  'collection_notice',
] as const;
export type LetterKind = (typeof LETTER_KINDS)[number];

/** A letter as kept: the words sent, in the language they were sent in. */
export const letterSchema = z.object({
  id: z.uuid(),
  kind: z.enum(LETTER_KINDS),
  language: z.enum(['en', 'es']),
  subject: z.string(),
  body: z.string(),
  sentAt: isoDateTimeSchema,
});
export type Letter = z.infer<typeof letterSchema>;

export const ADJUSTMENT_STATUSES = ['pending', 'confirmed'] as const;

export const applicationAccountSchema = z.object({
  facilityId: facilityIdSchema,
  accountNumber: z.string(),
  patientName: z.string(),
  serviceDate: isoDateSchema.nullable(),
  /** The balance when the application was sent. */
  balanceCents: z.number().int(),
  /** After approval: the amount taken off, shown as pending until the billing system confirms it. */
  adjustmentCents: z.number().int().nullable(),
  adjustmentStatus: z.enum(ADJUSTMENT_STATUSES).nullable(),
});
export type ApplicationAccount = z.infer<typeof applicationAccountSchema>;

export const holdSchema = z.object({
  /** Collection, notices and (unless keepPaying) autopay are paused. */
  active: z.boolean(),
  keepPaying: z.boolean(),
  /** When and why it lifted, if it has. */
  releasedAt: isoDateTimeSchema.nullable(),
  releaseReason: z.enum(['decided', 'denied', 'information_overdue']).nullable(),
});
export type Hold = z.infer<typeof holdSchema>;

export const decisionSchema = z.object({
  discountPercent: z.number().int().min(0).max(100),
  totalAdjustmentCents: z.number().int(),
  /** Paid above the new balance: a refund request on the payment desk. */
  refundCents: z.number().int(),
  /** A denial's reason, or an approval override's. */
  reason: z.string().nullable(),
});
export type Decision = z.infer<typeof decisionSchema>;

export const applicationSummarySchema = z.object({
  reference: z.string(),
  status: applicationStatusSchema,
  submittedAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  totalBalanceCents: z.number().int(),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;

export const trackerSchema = z
  .object({
    reference: z.string(),
    status: applicationStatusSchema,
    submittedAt: isoDateTimeSchema,
    facilityId: facilityIdSchema,
    /** While 'need_information': what the office asked for, and by when. */
    requestedItems: z.array(z.string()),
    informationDueOn: isoDateSchema.nullable(),
    accounts: z.array(applicationAccountSchema),
    members: z.array(z.object({ name: z.string(), relationship: z.enum(RELATIONSHIPS) })),
    documents: z.array(applicationDocumentSchema),
    timeline: z.array(timelineEntrySchema),
    letters: z.array(letterSchema),
    hold: holdSchema,
    decision: decisionSchema.nullable(),
  })
  .meta({ id: 'AssistanceTracker' });
export type Tracker = z.infer<typeof trackerSchema>;

/** GET applications: the guarantor's applications, newest first, and whether a new one may start. */
export const applicationListSchema = z
  .object({
    applications: z.array(applicationSummarySchema),
    /** False while one is open: a guarantor has one open application at a time. */
    canApply: z.boolean(),
    /** The facility policy's asset test: the form asks about assets only when true. */
    assetTest: z.boolean(),
    /** Every account with a balance, which an application covers by default. */
    openAccounts: z.array(
      accountRefSchema.extend({
        patientName: z.string(),
        serviceDate: isoDateSchema.nullable(),
        balanceCents: z.number().int(),
      }),
    ),
    /** The applicant's name, to start the household with. */
    applicantName: z.string(),
  })
  .meta({ id: 'AssistanceApplications' });
export type ApplicationList = z.infer<typeof applicationListSchema>;

export const MAX_MESSAGE_LENGTH = 2000;
export const messageSchema = z.object({ text: z.string().trim().min(1).max(MAX_MESSAGE_LENGTH) });
export type MessageRequest = z.infer<typeof messageSchema>;

/** The guarantor's answer to a request for information: the documents are uploaded first. */
export const replySchema = z.object({ text: z.string().trim().max(MAX_MESSAGE_LENGTH) });
export type Reply = z.infer<typeof replySchema>;

export const ASSISTANCE_APPLICATION_PATHS = {
  /** GET ApplicationList; POST SubmitApplication (Idempotency-Key) answers the Tracker. */
  applications: '/financial-assistance/applications',
  /** GET the Tracker. */
  application: (reference: string) =>
    `/financial-assistance/applications/${encodeURIComponent(reference)}`,
  /** POST the file's bytes (Content-Type image/jpeg, image/png or application/pdf), UploadDocumentQuery. */
  documents: (reference: string) =>
    `/financial-assistance/applications/${encodeURIComponent(reference)}/documents`,
  /** POST MessageRequest. */
  messages: (reference: string) =>
    `/financial-assistance/applications/${encodeURIComponent(reference)}/messages`,
  /** POST Reply: the requested information is sent; back in review. */
  reply: (reference: string) =>
    `/financial-assistance/applications/${encodeURIComponent(reference)}/reply`,
} as const;

// ------------------------------------------------------------ review

export const queueQuerySchema = z.object({
  /** 'open' (the default) is every status before a decision. */
  status: z.enum(['open', ...APPLICATION_STATUSES]).default('open'),
  facilityId: facilityIdSchema.optional(),
});
export type QueueQuery = z.infer<typeof queueQuerySchema>;

export const queueItemSchema = z.object({
  reference: z.string(),
  status: applicationStatusSchema,
  guarantorId: z.string(),
  guarantorName: z.string(),
  accountNumber: z.string(),
  facilityId: facilityIdSchema,
  facilityName: z.string(),
  submittedAt: isoDateTimeSchema,
  /** Whole days since it was sent. */
  ageDays: z.number().int(),
  /** Days left in the policy's application window (negative once past). */
  windowDaysLeft: z.number().int(),
  totalBalanceCents: z.number().int(),
  /** An approval waits for a second reviewer. */
  awaitingSecondReview: z.boolean(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queueSchema = z
  .object({ items: z.array(queueItemSchema) })
  .meta({ id: 'AssistanceQueue' });
export type Queue = z.infer<typeof queueSchema>;

/** What the answers come to under the facility's policy. */
export const assessmentSchema = z.object({
  householdSize: z.number().int(),
  yearlyIncomeCents: z.number().int(),
  guidelineYear: z.number().int(),
  guidelineCents: z.number().int(),
  percentOfPoverty: z.number().int(),
  /** The policy's tier for the income, or null above every tier. */
  tier: discountTierSchema.nullable(),
  presumptive: z.array(z.enum(PRESUMPTIVE_CATEGORIES)),
  /** What the policy gives: the presumptive discount or the tier's, 0 when neither. */
  discountPercent: z.number().int(),
  /** When the asset test applies: the assets declared. */
  assetsCents: z.number().int().nullable(),
});
export type Assessment = z.infer<typeof assessmentSchema>;

export const caseDocumentSchema = applicationDocumentSchema.extend({
  sha256: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  /** A reviewer's figure read from it (a yearly income), kept after the file is purged. */
  extractedYearlyIncomeCents: z.number().int().nullable(),
});
export type CaseDocument = z.infer<typeof caseDocumentSchema>;

export const caseAccountSchema = applicationAccountSchema.extend({
  chargesCents: z.number().int(),
  paymentsCents: z.number().int(),
});

export const caseEventSchema = timelineEntrySchema.extend({
  /** The staff member, for the office's own entries (the guarantor sees "the billing office"). */
  staffName: z.string().nullable(),
});

/** A refund request an approval left on the payment desk, as it stands now. */
export const caseRefundSchema = z.object({
  reversalId: z.string(),
  /** The reversal's reference on the desk ("RV-7K2M9QXD"). */
  reference: z.string(),
  paymentId: z.string(),
  /** The payment's receipt number, by which the desk finds it. */
  receiptId: z.string().nullable(),
  kind: reversalKindSchema,
  status: reversalStatusSchema,
  amountCents: z.number().int(),
});
export type CaseRefund = z.infer<typeof caseRefundSchema>;

export const caseSchema = z
  .object({
    reference: z.string(),
    status: applicationStatusSchema,
    guarantorId: z.string(),
    guarantorName: z.string(),
    accountNumber: z.string(),
    email: z.string().nullable(),
    language: z.enum(['en', 'es']),
    facilityId: facilityIdSchema,
    facilityName: z.string(),
    submittedAt: isoDateTimeSchema,
    windowEndsOn: isoDateSchema,
    signature: z.object({
      name: z.string(),
      signedAt: isoDateTimeSchema,
      ipAddress: z.string(),
    }),
    answers: applicationAnswersSchema,
    assessment: assessmentSchema,
    accounts: z.array(caseAccountSchema),
    documents: z.array(caseDocumentSchema),
    events: z.array(caseEventSchema),
    letters: z.array(letterSchema),
    requestedItems: z.array(z.string()),
    informationDueOn: isoDateSchema.nullable(),
    hold: holdSchema,
    /** An approval above the policy's amount, waiting for a second reviewer. */
    firstApproval: z
      .object({
        staffId: z.string(),
        staffName: z.string(),
        discountPercent: z.number().int(),
        totalAdjustmentCents: z.number().int(),
        reason: z.string().nullable(),
        at: isoDateTimeSchema,
      })
      .nullable(),
    decision: decisionSchema.nullable(),
    /** An approval's refund requests on the payment desk, one per payment refunded. */
    refunds: z.array(caseRefundSchema),
    /**
     * What the approval's refund requests could not cover, because other
     * voids or refunds already hold those payments: for the office to refund
     * from the payment desk. 0 when they cover it, or nothing is owed back.
     */
    refundShortCents: z.number().int().min(0),
    /** Whether the staff member reading may see documents and decide (the reviewer role). */
    canReview: z.boolean(),
  })
  .meta({ id: 'AssistanceCase' });
export type Case = z.infer<typeof caseSchema>;

export const requestInformationSchema = z.object({
  items: z.array(z.string().trim().min(1).max(200)).min(1).max(10),
  /** Defaults to today plus the policy's days for missing documents. */
  dueOn: isoDateSchema.optional(),
  message: z.string().trim().max(MAX_MESSAGE_LENGTH).optional(),
});
export type RequestInformation = z.infer<typeof requestInformationSchema>;

export const approveSchema = z.object({
  /** An override of the policy's discount; needs a reason. */
  discountPercent: z.number().int().min(1).max(100).optional(),
  reason: z.string().trim().min(1).max(MAX_MESSAGE_LENGTH).optional(),
});
export type Approve = z.infer<typeof approveSchema>;

export const denySchema = z.object({ reason: z.string().trim().min(1).max(MAX_MESSAGE_LENGTH) });
export type Deny = z.infer<typeof denySchema>;

export const documentReviewSchema = z
  .object({
    accepted: z.boolean(),
    /** Required when not accepted: the guarantor reads it. */
    reason: z.string().trim().min(1).max(500).optional(),
    extractedYearlyIncomeCents: amountSchema.optional(),
  })
  .refine((review) => review.accepted || review.reason !== undefined, {
    message: 'A rejected document needs a reason',
    path: ['reason'],
  });
export type DocumentReview = z.infer<typeof documentReviewSchema>;

export const documentLinkSchema = z
  .object({ url: z.string(), expiresAt: isoDateTimeSchema })
  .meta({ id: 'AssistanceDocumentLink' });
export type DocumentLink = z.infer<typeof documentLinkSchema>;

/** A document link's life: long enough to open, too short to pass around. */
export const DOCUMENT_LINK_SECONDS = 120;

/** Relative to the console's API base (OFFICE_API_BASE). */
export const ASSISTANCE_REVIEW_PATHS = {
  /** GET QueueQuery: the "Financial assistance" queue. */
  queue: '/financial-assistance',
  /** GET the Case. */
  case: (reference: string) => `/financial-assistance/${encodeURIComponent(reference)}`,
  /** POST (no body): Submitted → In review. */
  startReview: (reference: string) =>
    `/financial-assistance/${encodeURIComponent(reference)}/review`,
  /** POST RequestInformation. */
  requestInformation: (reference: string) =>
    `/financial-assistance/${encodeURIComponent(reference)}/request-information`,
  /** POST Approve: decides, or records the first of two approvals. */
  approve: (reference: string) => `/financial-assistance/${encodeURIComponent(reference)}/approve`,
  /** POST Deny. */
  deny: (reference: string) => `/financial-assistance/${encodeURIComponent(reference)}/deny`,
  /** POST MessageRequest: to the guarantor. */
  messages: (reference: string) =>
    `/financial-assistance/${encodeURIComponent(reference)}/messages`,
  /** POST DocumentReview. */
  documentReview: (reference: string, documentId: string) =>
    `/financial-assistance/${encodeURIComponent(reference)}/documents/${encodeURIComponent(documentId)}/review`,
  /** POST: a DocumentLink, for the reviewer role only. */
  documentLink: (reference: string, documentId: string) =>
    `/financial-assistance/${encodeURIComponent(reference)}/documents/${encodeURIComponent(documentId)}/link`,
  /**
   * GET: the document's bytes, for the link's token; every view audited.
   * The token rides in the query, which logs never show.
   */
  documentFile: (token: string) => `/financial-assistance/file?token=${encodeURIComponent(token)}`,
} as const;
