import { useId, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { ErrorObject } from '@webpay/contracts/errors';
import { formatCentsIn } from '@webpay/contracts/language';
import { ApiProblem } from '@/components/api-problem.tsx';
import { Button } from '@/components/ui/button.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { amountInputToCents } from '@/lib/amount-input.ts';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { applyMessages } from '../assistance-application.messages.ts';
import {
  documentPlan,
  yearlyIncomeOf,
  type ApplicationFormValues,
  type Step,
} from '../utils/application-form.ts';
import type { OpenAccount } from '../utils/open-accounts.ts';
import { ErrorText, Hint } from './form-parts.tsx';
import { useApplicationFormContext, useFieldError } from '../hooks/use-application-field.ts';
import { FIELDSET, LEGEND, describedBy } from '../utils/form-styles.ts';

/** More accounts than this are summed up: a long list would bury the rest of the review. */
const LISTED_ACCOUNTS_MAX = 6;

export interface ReviewStepProps {
  accounts: readonly OpenAccount[];
  assetTest: boolean;
  pending: boolean;
  error: ErrorObject | null;
  onEdit: (step: Step) => void;
}

/** What will be sent, the statements that go with it, and the typed signature. */
export function ReviewStep({ accounts, assetTest, pending, error, onEdit }: ReviewStepProps) {
  const t = useMessages(applyMessages);
  const id = useId();
  const { register } = useApplicationFormContext();
  const truthfulError = useFieldError('truthful');
  const verificationError = useFieldError('verification');
  const signatureError = useFieldError('signature');
  return (
    <div className="flex flex-col gap-4">
      <Summary accounts={accounts} assetTest={assetTest} onEdit={onEdit} />
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>{t.review.attestations}</legend>
        <CheckboxField
          id={`${id}-truthful`}
          label={t.review.truthful}
          {...describedBy(`${id}-truthful`, false, truthfulError)}
          {...register('truthful')}
        />
        <ErrorText id={`${id}-truthful`} error={truthfulError} />
        <CheckboxField
          id={`${id}-verification`}
          label={t.review.verification}
          {...describedBy(`${id}-verification`, false, verificationError)}
          {...register('verification')}
        />
        <ErrorText id={`${id}-verification`} error={verificationError} />
        <CheckboxField
          id={`${id}-keep`}
          label={t.review.keepPaying}
          aria-describedby={`${id}-keep-hint`}
          {...register('keepPaying')}
        />
        <Hint id={`${id}-keep`}>{t.review.keepPayingHint}</Hint>
      </fieldset>
      <TextField
        id={`${id}-signature`}
        label={t.review.signature}
        hint={t.review.signatureHint}
        autoComplete="name"
        error={signatureError}
        {...register('signature')}
      />
      {error && <ApiProblem error={error} />}
      {/* Pinned to the bottom of a phone's screen, so the way to apply is always in reach. */}
      <div className="sticky bottom-0 -mx-4 border-t border-border bg-background/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto"
          disabled={pending}
          aria-busy={pending || undefined}
        >
          {pending ? t.review.submitting : t.review.submit}
        </Button>
      </div>
    </div>
  );
}

function Summary({ accounts, assetTest, onEdit }: Omit<ReviewStepProps, 'pending' | 'error'>) {
  const t = useMessages(applyMessages);
  const language = useLanguage();
  const { control } = useApplicationFormContext();
  const values = useWatch({ control }) as ApplicationFormValues;
  const money = (cents: number) => formatCentsIn(language, cents);
  const chosen = accounts.filter((account) => values.encounterIds.includes(account.id));
  const benefits = values.benefits.map((benefit) => t.situation.benefits[benefit]);
  const rows: [Step, string, ReactNode][] = [
    ['accounts', t.review.accounts, <AccountsSummary key="accounts" accounts={chosen} />],
    ['household', t.review.household, values.members.map((member) => member.name).join(', ')],
    ['income', t.review.yearlyIncome, money(yearlyIncomeOf(values.members))],
    [
      'situation',
      t.review.benefits,
      [...benefits, ...(values.homeless ? [t.review.homeless] : [])].join(', ') || t.review.none,
    ],
    [
      'situation',
      t.review.insurance,
      values.insured === 'yes' ? t.review.insured(values.insurer) : t.review.notInsured,
    ],
    ...(assetTest
      ? [
          [
            'situation',
            t.review.assets,
            money(amountInputToCents(values.cash) + amountInputToCents(values.otherAssets)),
          ] as [Step, string, ReactNode],
        ]
      : []),
    ['documents', t.review.documents, <DocumentSummary key="documents" values={values} />],
  ];
  return (
    <div className={FIELDSET}>
      <dl className="flex flex-col divide-y divide-border">
        {rows.map(([step, label, value], at) => (
          // A phone stacks name, answer and Change, all at the left; wider screens put them in a row.
          <div
            key={at}
            className="flex flex-col gap-1 py-2 sm:flex-row sm:items-start sm:justify-between sm:gap-x-4"
          >
            <dt className="text-sm font-medium">{label}</dt>
            <dd className="flex min-w-0 flex-1 flex-col items-start gap-1 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:justify-end sm:gap-2 sm:text-right">
              <span className="min-w-0 break-words">{value}</span>
              <Button
                type="button"
                variant="link"
                size="sm"
                className="px-0 sm:px-3"
                onClick={() => onEdit(step)}
              >
                {t.review.change(label)}
              </Button>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * Each account kept together with its balance, so an account number never
 * breaks across lines; a long list is summed up instead.
 */
function AccountsSummary({ accounts }: { accounts: readonly OpenAccount[] }) {
  const t = useMessages(applyMessages);
  const language = useLanguage();
  const money = (cents: number) => formatCentsIn(language, cents);
  if (accounts.length > LISTED_ACCOUNTS_MAX) {
    const total = accounts.reduce((sum, account) => sum + account.balanceCents, 0);
    return <>{t.review.accountsInAll(accounts.length, money(total))}</>;
  }
  return (
    <>
      {accounts.map((account, at) => (
        <span key={account.id}>
          <span className="whitespace-nowrap">{`${account.id} ${money(account.balanceCents)}`}</span>
          {at < accounts.length - 1 ? ', ' : ''}
        </span>
      ))}
    </>
  );
}

function DocumentSummary({ values }: { values: ApplicationFormValues }) {
  const t = useMessages(applyMessages);
  const plans = values.members.map((member) => {
    const plan = documentPlan(member);
    if (plan === 'no_income') return `${member.name}: ${t.review.noIncome}`;
    if (plan === 'send_later') return `${member.name}: ${t.review.sendLater}`;
    return `${member.name}: ${t.review.filesChosen(member.files.length)}`;
  });
  return <>{plans.join('; ')}</>;
}
