import { useId } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Trash2, UserPlus } from 'lucide-react';
import { RELATIONSHIPS } from '@webpay/contracts/assistance-application';
import { GUIDELINE_REGIONS, MAX_HOUSEHOLD_SIZE } from '@webpay/contracts/financial-assistance';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { applyMessages } from '../assistance-application.messages.ts';
import { newMember } from '../utils/application-form.ts';
import { Hint, SelectField } from './form-parts.tsx';
import { useApplicationFormContext, useFieldError } from '../hooks/use-application-field.ts';
import { FIELDSET, LEGEND } from '../utils/form-styles.ts';

/** Who lives in the household: the applicant first, then each person added. */
export function HouseholdStep() {
  const t = useMessages(applyMessages);
  const id = useId();
  const { control, register } = useApplicationFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'members' });
  return (
    <div className="flex flex-col gap-4">
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>{t.household.legend}</legend>
        <Hint id={id}>{t.household.hint}</Hint>
        <ol className="flex flex-col gap-4">
          {fields.map((field, index) => (
            <li key={field.id}>
              <MemberFields
                index={index}
                onRemove={index === 0 ? undefined : () => remove(index)}
              />
            </li>
          ))}
        </ol>
        <p role="status" className="text-sm font-medium">
          {t.household.size(fields.length)}
        </p>
        {fields.length < MAX_HOUSEHOLD_SIZE && (
          <Button
            type="button"
            variant="secondary"
            className="self-stretch sm:self-start"
            onClick={() =>
              append(newMember(), { shouldFocus: true, focusName: `members.${fields.length}.name` })
            }
          >
            <UserPlus aria-hidden="true" />
            {t.household.add}
          </Button>
        )}
      </fieldset>
      <SelectField
        id={`${id}-region`}
        label={t.household.region}
        error={undefined}
        options={GUIDELINE_REGIONS.map((region) => ({
          value: region,
          label: t.household.regions[region],
        }))}
        {...register('region')}
      />
    </div>
  );
}

function MemberFields({ index, onRemove }: { index: number; onRemove?: () => void }) {
  const t = useMessages(applyMessages);
  const id = useId();
  const { register, control } = useApplicationFormContext();
  const name = useWatch({ control, name: `members.${index}.name` });
  const nameError = useFieldError(`members.${index}.name`);
  const relationshipError = useFieldError(`members.${index}.relationship`);
  const title = index === 0 ? t.household.you : t.household.person(index + 1);
  const choices = RELATIONSHIPS.filter((relationship) => relationship !== 'self');
  return (
    <div className="flex flex-col gap-3 rounded-md border border-border p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-medium">{title}</h3>
        {onRemove && (
          <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
            <Trash2 aria-hidden="true" />
            {t.household.remove(name.trim() || title)}
          </Button>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          label={t.household.name}
          autoComplete={index === 0 ? 'name' : 'off'}
          error={nameError}
          {...register(`members.${index}.name`)}
        />
        {index === 0 ? (
          // The applicant is "self", always: said, not asked.
          <p className="flex flex-col gap-2 text-sm">
            <span className="font-medium">{t.household.relationship}</span>
            <span className="flex min-h-11 items-center">{t.household.relationships.self}</span>
          </p>
        ) : (
          <SelectField
            id={`${id}-relationship`}
            label={t.household.relationship}
            error={relationshipError}
            placeholder={t.household.choose}
            options={choices.map((value) => ({ value, label: t.household.relationships[value] }))}
            {...register(`members.${index}.relationship`)}
          />
        )}
      </div>
    </div>
  );
}
