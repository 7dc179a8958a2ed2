import { z } from 'zod';
import {
  INCOME_SOURCES,
  MAX_HARDSHIP_LENGTH,
  MAX_NAME_LENGTH,
  PUBLIC_BENEFITS,
  RELATIONSHIPS,
  householdYearlyIncome,
  type DocumentPlan,
  type Income,
  type IncomeFrequency,
  type IncomeSource,
  type PublicBenefit,
  type Relationship,
  type SubmitApplication,
} from '@webpay/contracts/assistance-application';
import {
  GUIDELINE_REGIONS,
  INCOME_FREQUENCIES,
  MAX_YEARLY_INCOME_CENTS,
  type GuidelineRegion,
} from '@webpay/contracts/financial-assistance';
import { amountInputToCents } from '@/lib/amount-input.ts';
import { APPLICATION_FORM_MESSAGES as M } from '../assistance-application.messages.ts';

/** One income as typed: the amount in dollars, as the field holds it. */
export interface IncomeValues {
  source: IncomeSource | '';
  amount: string;
  frequency: IncomeFrequency | '';
}

export interface MemberValues {
  name: string;
  relationship: Relationship | '';
  /** The member's attestation that there is no income (documents 'no_income'). */
  noIncome: boolean;
  incomes: IncomeValues[];
  /** Proof of income chosen on this device; never kept in the tab's draft. */
  files: File[];
  sendLater: boolean;
}

/** Everything the form holds, as its fields hold it. */
export interface ApplicationFormValues {
  encounterIds: string[];
  region: GuidelineRegion;
  members: MemberValues[];
  benefits: PublicBenefit[];
  homeless: boolean;
  insured: '' | 'yes' | 'no';
  insurer: string;
  hardship: string;
  cash: string;
  otherAssets: string;
  keepPaying: boolean;
  truthful: boolean;
  verification: boolean;
  signature: string;
}

export const STEPS = [
  'accounts',
  'household',
  'income',
  'situation',
  'documents',
  'review',
] as const;
export type Step = (typeof STEPS)[number];

export const emptyIncome = (): IncomeValues => ({ source: '', amount: '', frequency: '' });

export const newMember = (name = '', relationship: Relationship | '' = ''): MemberValues => ({
  name,
  relationship,
  noIncome: false,
  incomes: [emptyIncome()],
  files: [],
  sendLater: false,
});

/** Every open account checked; the applicant first, named as signed in. */
export function freshValues(encounterIds: string[], applicantName: string): ApplicationFormValues {
  return {
    encounterIds,
    region: 'contiguous',
    members: [newMember(applicantName, 'self')],
    benefits: [],
    homeless: false,
    insured: '',
    insurer: '',
    hardship: '',
    cash: '',
    otherAssets: '',
    keepPaying: false,
    truthful: false,
    verification: false,
    signature: '',
  };
}

/** The incomes that are complete, in cents, for the live yearly total and the request. */
export function completeIncomes(member: Pick<MemberValues, 'incomes' | 'noIncome'>): Income[] {
  if (member.noIncome) return [];
  return member.incomes.flatMap((income) => {
    const amountCents = amountInputToCents(income.amount);
    if (!income.source || !income.frequency || !(amountCents > 0)) return [];
    return [{ source: income.source, amountCents, frequency: income.frequency }];
  });
}

export function yearlyIncomeOf(members: readonly Pick<MemberValues, 'incomes' | 'noIncome'>[]) {
  return householdYearlyIncome(members.map((member) => ({ incomes: completeIncomes(member) })));
}

const issue = (ctx: z.RefinementCtx, path: (string | number)[], message: string) =>
  ctx.addIssue({ code: 'custom', path, message });

function checkIncome(ctx: z.RefinementCtx, at: (string | number)[], income: IncomeValues) {
  if (!income.source) issue(ctx, [...at, 'source'], M.sourceRequired);
  const cents = amountInputToCents(income.amount);
  if (!(cents > 0)) issue(ctx, [...at, 'amount'], M.amountRequired);
  else if (cents > MAX_YEARLY_INCOME_CENTS) issue(ctx, [...at, 'amount'], M.amountTooLarge);
  if (!income.frequency) issue(ctx, [...at, 'frequency'], M.frequencyRequired);
}

const memberObject = z.object({
  name: z.string(),
  relationship: z.union([z.enum(RELATIONSHIPS), z.literal('')]),
  noIncome: z.boolean(),
  incomes: z.array(
    z.object({
      source: z.union([z.enum(INCOME_SOURCES), z.literal('')]),
      amount: z.string(),
      frequency: z.union([z.enum(INCOME_FREQUENCIES), z.literal('')]),
    }),
  ),
  // A file cannot be kept in the tab's draft: one read back from it is none.
  files: z.array(z.custom<File>((value) => value instanceof Blob)).catch([]),
  sendLater: z.boolean(),
});

/** The form's fields and their types, without its rules: what a kept draft must read as. */
export const formValuesSchema = z.object({
  encounterIds: z.array(z.string()),
  region: z.enum(GUIDELINE_REGIONS),
  members: z.array(memberObject).min(1),
  benefits: z.array(z.enum(PUBLIC_BENEFITS)),
  homeless: z.boolean(),
  insured: z.union([z.literal('yes'), z.literal('no'), z.literal('')]),
  insurer: z.string(),
  hardship: z.string(),
  cash: z.string(),
  otherAssets: z.string(),
  keepPaying: z.boolean(),
  truthful: z.boolean(),
  verification: z.boolean(),
  signature: z.string(),
});

function checkName(ctx: z.RefinementCtx, at: (string | number)[], name: string) {
  const trimmed = name.trim();
  if (!trimmed) issue(ctx, at, M.nameRequired);
  else if (trimmed.length > MAX_NAME_LENGTH) issue(ctx, at, M.nameTooLong);
}

function checkMember(ctx: z.RefinementCtx, index: number, member: MemberValues) {
  const at = ['members', index];
  checkName(ctx, [...at, 'name'], member.name);
  if (!member.relationship) issue(ctx, [...at, 'relationship'], M.relationshipRequired);
  if (member.noIncome) return;
  if (member.incomes.length === 0) issue(ctx, [...at, 'noIncome'], M.incomeOrNone);
  member.incomes.forEach((income, row) => checkIncome(ctx, [...at, 'incomes', row], income));
  if (member.files.length === 0 && !member.sendLater) {
    issue(ctx, [...at, 'files'], M.documentRequired);
  }
}

function checkSituation(ctx: z.RefinementCtx, values: ApplicationFormValues, assetTest: boolean) {
  if (!values.insured) issue(ctx, ['insured'], M.insuranceRequired);
  if (values.insured === 'yes' && !values.insurer.trim()) {
    issue(ctx, ['insurer'], M.insurerRequired);
  }
  if (values.insurer.trim().length > MAX_NAME_LENGTH) issue(ctx, ['insurer'], M.nameTooLong);
  if (values.hardship.trim().length > MAX_HARDSHIP_LENGTH) {
    issue(ctx, ['hardship'], M.hardshipTooLong);
  }
  if (!assetTest) return;
  for (const field of ['cash', 'otherAssets'] as const) {
    if (values[field].trim() === '') issue(ctx, [field], M.assetRequired);
    else if (amountInputToCents(values[field]) > MAX_YEARLY_INCOME_CENTS) {
      issue(ctx, [field], M.amountTooLarge);
    }
  }
}

/** The form's rules; the asset fields count only when the facility's policy has an asset test. */
export function applicationFormSchema(assetTest: boolean) {
  return formValuesSchema.superRefine((values, ctx) => {
    if (values.encounterIds.length === 0) issue(ctx, ['encounterIds'], M.accountsRequired);
    values.members.forEach((member, index) => checkMember(ctx, index, member));
    checkSituation(ctx, values, assetTest);
    if (!values.truthful) issue(ctx, ['truthful'], M.truthfulRequired);
    if (!values.verification) issue(ctx, ['verification'], M.verificationRequired);
    const signature = values.signature.trim();
    if (!signature) issue(ctx, ['signature'], M.signatureRequired);
    else if (signature.length > MAX_NAME_LENGTH) issue(ctx, ['signature'], M.nameTooLong);
  });
}

type FieldName = string;

/** The fields each step asks for: Next checks only these. */
export function stepFields(step: Step, members: number): FieldName[] {
  const each = (fields: string[]) =>
    Array.from({ length: members }, (_, index) =>
      fields.map((field) => `members.${index}.${field}`),
    ).flat();
  switch (step) {
    case 'accounts':
      return ['encounterIds'];
    case 'household':
      return ['region', ...each(['name', 'relationship'])];
    case 'income':
      return each(['noIncome', 'incomes']);
    case 'situation':
      return ['benefits', 'homeless', 'insured', 'insurer', 'hardship', 'cash', 'otherAssets'];
    case 'documents':
      return each(['files']);
    case 'review':
      return ['truthful', 'verification', 'signature'];
  }
}

/** The first step that asks for a field with an error: where a refused submission sends the guarantor. */
export function firstStepWithError(errors: object, members: number): Step | undefined {
  const has = (name: string) =>
    name
      .split('.')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], errors) !==
    undefined;
  return STEPS.find((step) => stepFields(step, members).some(has));
}

/** How the member's proof of income arrives: files chosen now are sent right after the application. */
export function documentPlan(
  member: Pick<MemberValues, 'noIncome' | 'sendLater' | 'files'>,
): DocumentPlan {
  if (member.noIncome) return 'no_income';
  if (member.sendLater || member.files.length === 0) return 'send_later';
  return 'upload';
}

/** `107-40010001` as the service names an account: its facility, then its number. */
function accountRef(account: string): { facilityId: string; accountNumber: string } {
  const dash = account.indexOf('-');
  return { facilityId: account.slice(0, dash), accountNumber: account.slice(dash + 1) };
}

/** What the service is sent: the answers in cents, the attestations and the typed name. */
export function toSubmitApplication(
  values: ApplicationFormValues,
  assetTest: boolean,
): SubmitApplication {
  const insurer = values.insurer.trim();
  return {
    answers: {
      accounts: values.encounterIds.map(accountRef),
      region: values.region,
      members: values.members.map((member) => ({
        name: member.name.trim(),
        relationship: member.relationship || 'other',
        incomes: completeIncomes(member),
        documents: documentPlan(member),
      })),
      benefits: values.benefits,
      homeless: values.homeless,
      insurance: {
        insured: values.insured === 'yes',
        ...(values.insured === 'yes' && insurer ? { insurer } : {}),
      },
      hardship: values.hardship.trim(),
      ...(assetTest
        ? {
            assets: {
              cashCents: amountInputToCents(values.cash),
              otherCents: amountInputToCents(values.otherAssets),
            },
          }
        : {}),
    },
    keepPaying: values.keepPaying,
    attestations: { truthful: true, verification: true },
    signature: values.signature.trim(),
  };
}
