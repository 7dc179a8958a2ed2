import { useId, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { formatCentsIn } from '@webpay/contracts/language';
import {
  PLAN_DAY_OF_MONTH_MAX,
  PLAN_DAY_OF_MONTH_MIN,
  type PlanOptions,
} from '@webpay/contracts/payment-plans';
import type { PaymentMethod } from '@webpay/contracts/payment-methods';
import { AutopaySwitch } from '@/components/autopay-switch.tsx';
import { SavedMethodSelect } from '@/components/saved-method-select.tsx';
import { Button } from '@/components/ui/button.tsx';
import { AmountInput } from '@/components/ui/amount-input.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { amountInputToCents } from '@/lib/amount-input.ts';
import { useFormatDate, useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { chargeableMethods } from '@/lib/recurring/saved-methods.ts';
import type { PlanDraft } from '../hooks/use-plan-draft.ts';
import { paymentPlanMessages } from '../payment-plans.messages.ts';
import { encounterKey, problemText, type PlanFigures } from '../utils/plan-terms.ts';

/** Where a guarantor adds a saved method; the page of that name. */
export const PAYMENT_METHODS_ROUTE = '/payment-methods';

export interface PlanTermsStepProps {
  options: PlanOptions;
  methods: readonly PaymentMethod[];
  draft: PlanDraft;
  figures: PlanFigures;
  onChange: (change: Partial<PlanDraft>) => void;
  onToggle: (key: string, checked: boolean) => void;
  /** Autopay asked for without a method: said under the method. */
  methodMissing: boolean;
  onReview: () => void;
}

/** The plan's accounts, monthly amount, day and autopay, with the schedule they make. */
export function PlanTermsStep(props: PlanTermsStepProps) {
  const t = useMessages(paymentPlanMessages);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onReview();
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <PlanAccounts {...props} />
      <PlanMonthly {...props} />
      <PlanAutopay {...props} />
      <Button type="submit" className="self-stretch sm:self-end">
        {t.review}
      </Button>
    </form>
  );
}

const FIELDSET = 'flex flex-col gap-3 rounded-lg border border-border bg-surface p-4';
const LEGEND = 'px-1 text-base font-semibold';

function PlanAccounts({ options, draft, figures, onToggle }: PlanTermsStepProps) {
  const t = useMessages(paymentPlanMessages);
  const language = useLanguage();
  const formatDate = useFormatDate();
  return (
    <fieldset className={FIELDSET}>
      <legend className={LEGEND}>{t.accounts.legend}</legend>
      <ul className="flex flex-col gap-1">
        {options.eligible.map((encounter) => {
          const key = encounterKey(encounter);
          return (
            <li key={key}>
              <label className="flex min-h-11 cursor-pointer items-start gap-3 py-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0 accent-brand"
                  checked={draft.selected.has(key)}
                  onChange={(event) => onToggle(key, event.target.checked)}
                />
                {/* The balance keeps to the right, beside the name, however long the lines. */}
                <span className="flex min-w-0 flex-1 justify-between gap-x-4">
                  <span className="flex min-w-0 flex-col">
                    <span className="font-medium">{encounter.patientName}</span>
                    <span className="text-muted-foreground">
                      {t.accounts.account(encounter.facilityId, encounter.accountNumber)}
                      {encounter.admitDate ? ` · ${formatDate(encounter.admitDate)}` : ''}
                    </span>
                  </span>
                  <span className="shrink-0 text-right font-medium tabular-nums">
                    {formatCentsIn(language, encounter.balanceCents)}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <p className="flex justify-between border-t border-border pt-3 text-sm font-semibold">
        <span>{t.accounts.total}</span>
        <span className="tabular-nums">{formatCentsIn(language, figures.totalCents)}</span>
      </p>
    </fieldset>
  );
}

function PlanMonthly({ options, draft, figures, onChange }: PlanTermsStepProps) {
  const t = useMessages(paymentPlanMessages);
  const language = useLanguage();
  const formatDate = useFormatDate();
  const ids = useId();
  const monthlyCents = amountInputToCents(draft.monthly);
  const money = (cents: number) => formatCentsIn(language, cents);
  const first = figures.schedule[0];
  const last = figures.schedule[figures.schedule.length - 1];
  const problem = figures.problem
    ? problemText(t, language, figures.problem, options.rules, figures, monthlyCents)
    : null;
  return (
    <fieldset className={FIELDSET}>
      <legend className={LEGEND}>{t.terms.legend}</legend>
      <div className="flex flex-col gap-2">
        <label htmlFor={`${ids}-monthly`} className="text-sm font-medium">
          {t.terms.monthly}
        </label>
        <AmountInput
          id={`${ids}-monthly`}
          value={draft.monthly}
          onValueChange={(monthly) => onChange({ monthly })}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${ids}-range ${ids}-schedule`}
          className="sm:max-w-48"
        />
        <p id={`${ids}-range`} className="text-sm text-muted-foreground">
          {figures.range.min <= figures.range.max
            ? t.terms.range(money(figures.range.min), money(figures.range.max))
            : ''}
        </p>
        {/* Under the amount it depends on most, so a problem with the amount is read beside it. */}
        <div id={`${ids}-schedule`} role="status" aria-live="polite" className="text-sm">
          {problem ? (
            <FieldError>{problem}</FieldError>
          ) : (
            first &&
            last && (
              <p className="font-medium">
                {t.terms.schedule(
                  figures.schedule.length,
                  money(last.amountCents),
                  formatDate(last.dueDate),
                  formatDate(first.dueDate),
                )}
              </p>
            )
          )}
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={`${ids}-day`} className="text-sm font-medium">
          {t.terms.day}
        </label>
        <select
          id={`${ids}-day`}
          value={draft.dayOfMonth}
          onChange={(event) => onChange({ dayOfMonth: Number(event.target.value) })}
          aria-describedby={`${ids}-day-hint`}
          className="min-h-11 rounded-md border border-input bg-surface px-3 text-base text-surface-foreground sm:max-w-48"
        >
          {Array.from({ length: PLAN_DAY_OF_MONTH_MAX - PLAN_DAY_OF_MONTH_MIN + 1 }, (_, index) => (
            <option key={index} value={index + PLAN_DAY_OF_MONTH_MIN}>
              {index + PLAN_DAY_OF_MONTH_MIN}
            </option>
          ))}
        </select>
        <p id={`${ids}-day-hint`} className="text-sm text-muted-foreground">
          {t.terms.dayHint}
        </p>
      </div>
    </fieldset>
  );
}

function PlanAutopay({ methods, draft, onChange, methodMissing }: PlanTermsStepProps) {
  const t = useMessages(paymentPlanMessages);
  const ids = useId();
  const usable = chargeableMethods(methods);
  return (
    <fieldset className={FIELDSET}>
      <legend className={LEGEND}>{t.autopay.legend}</legend>
      <AutopaySwitch
        label={t.autopay.label}
        checked={draft.autopay}
        onCheckedChange={(autopay) => onChange({ autopay })}
        describedBy={`${ids}-hint`}
      />
      <p id={`${ids}-hint`} className="text-sm text-muted-foreground">
        {t.autopay.hint}
      </p>
      {draft.autopay &&
        (usable.length > 0 ? (
          <SavedMethodSelect
            label={t.autopay.method}
            methods={methods}
            value={draft.methodId}
            onChange={(methodId) => onChange({ methodId })}
            error={methodMissing ? t.problems.methodRequired : undefined}
          />
        ) : (
          <div className="flex flex-col gap-1 text-sm">
            <p>{t.autopay.noMethods}</p>
            <Link
              to={PAYMENT_METHODS_ROUTE}
              className="flex min-h-11 items-center font-medium underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {t.autopay.addMethod}
            </Link>
            {methodMissing && <FieldError>{t.problems.methodRequired}</FieldError>}
          </div>
        ))}
    </fieldset>
  );
}
