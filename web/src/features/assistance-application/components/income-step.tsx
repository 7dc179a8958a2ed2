import { useId } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { INCOME_SOURCES, MAX_INCOMES_PER_MEMBER } from '@webpay/contracts/assistance-application';
import { INCOME_FREQUENCIES } from '@webpay/contracts/financial-assistance';
import { formatCentsIn } from '@webpay/contracts/language';
import { AmountInput } from '@/components/ui/amount-input.tsx';
import { Button } from '@/components/ui/button.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { applyMessages } from '../assistance-application.messages.ts';
import { emptyIncome, yearlyIncomeOf } from '../utils/application-form.ts';
import { ErrorText, Hint, SelectField } from './form-parts.tsx';
import { useApplicationFormContext, useFieldError } from '../hooks/use-application-field.ts';
import { FIELDSET, LEGEND, describedBy } from '../utils/form-styles.ts';

/** Each member's incomes, or their statement of none, with the yearly figures as they are typed. */
export function IncomeStep() {
  const t = useMessages(applyMessages);
  const language = useLanguage();
  const { control } = useApplicationFormContext();
  const members = useWatch({ control, name: 'members' });
  return (
    <div className="flex flex-col gap-4">
      {members.map((member, index) => (
        <MemberIncome key={index} index={index} name={member.name} />
      ))}
      <p
        role="status"
        aria-live="polite"
        className="rounded-lg bg-muted p-4 text-base font-semibold tabular-nums"
      >
        {t.income.householdYearly(formatCentsIn(language, yearlyIncomeOf(members)))}
      </p>
    </div>
  );
}

function MemberIncome({ index, name }: { index: number; name: string }) {
  const t = useMessages(applyMessages);
  const language = useLanguage();
  const id = useId();
  const { control, register } = useApplicationFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: `members.${index}.incomes` });
  const member = useWatch({ control, name: `members.${index}` });
  const noIncomeError = useFieldError(`members.${index}.noIncome`);
  return (
    <fieldset className={FIELDSET}>
      <legend className={LEGEND}>{t.income.legend(name)}</legend>
      <Hint id={id}>{t.income.hint}</Hint>
      <div className="flex flex-col gap-1">
        <CheckboxField
          id={`${id}-none`}
          label={index === 0 ? t.income.noIncomeSelf : t.income.noIncomeOther(name)}
          {...describedBy(`${id}-none`, true, noIncomeError)}
          {...register(`members.${index}.noIncome`)}
        />
        <Hint id={`${id}-none`}>{t.income.noIncomeHint}</Hint>
        <ErrorText id={`${id}-none`} error={noIncomeError} />
      </div>
      {!member.noIncome && (
        <>
          <ol className="flex flex-col gap-3">
            {fields.map((field, row) => (
              <li key={field.id}>
                <IncomeRow member={index} row={row} onRemove={() => remove(row)} />
              </li>
            ))}
          </ol>
          {fields.length < MAX_INCOMES_PER_MEMBER && (
            <Button
              type="button"
              variant="secondary"
              className="self-stretch sm:self-start"
              onClick={() => append(emptyIncome())}
            >
              <Plus aria-hidden="true" />
              {t.income.add}
            </Button>
          )}
          <p className="text-sm font-medium tabular-nums">
            {t.income.memberYearly(formatCentsIn(language, yearlyIncomeOf([member])))}
          </p>
        </>
      )}
    </fieldset>
  );
}

function IncomeRow({
  member,
  row,
  onRemove,
}: {
  member: number;
  row: number;
  onRemove: () => void;
}) {
  const t = useMessages(applyMessages);
  const id = useId();
  const { control, register } = useApplicationFormContext();
  const at = `members.${member}.incomes.${row}` as const;
  const sourceError = useFieldError(`${at}.source`);
  const amountError = useFieldError(`${at}.amount`);
  const frequencyError = useFieldError(`${at}.frequency`);
  return (
    <div className="flex flex-col gap-3 rounded-md border border-border p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{t.income.incomeNumber(row + 1)}</h3>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          {t.income.remove(row + 1)}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          id={`${id}-source`}
          label={t.income.source}
          error={sourceError}
          placeholder={t.household.choose}
          options={INCOME_SOURCES.map((value) => ({ value, label: t.income.sources[value] }))}
          {...register(`${at}.source`)}
        />
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-amount`}>{t.income.amount}</Label>
          <Controller
            control={control}
            name={`${at}.amount`}
            render={({ field }) => (
              <AmountInput
                id={`${id}-amount`}
                ref={field.ref}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                {...describedBy(`${id}-amount`, false, amountError)}
              />
            )}
          />
          <ErrorText id={`${id}-amount`} error={amountError} />
        </div>
        <SelectField
          id={`${id}-frequency`}
          label={t.income.frequency}
          error={frequencyError}
          placeholder={t.household.choose}
          options={INCOME_FREQUENCIES.map((value) => ({
            value,
            label: t.income.frequencies[value],
          }))}
          {...register(`${at}.frequency`)}
        />
      </div>
    </div>
  );
}
