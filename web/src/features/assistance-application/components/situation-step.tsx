import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { MAX_HARDSHIP_LENGTH, PUBLIC_BENEFITS } from '@webpay/contracts/assistance-application';
import { AmountInput } from '@/components/ui/amount-input.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { Label } from '@/components/ui/label.tsx';
import { RadioGroupField } from '@/components/ui/radio-group-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { applyMessages } from '../assistance-application.messages.ts';
import { ErrorText, Hint } from './form-parts.tsx';
import { useApplicationFormContext, useFieldError } from '../hooks/use-application-field.ts';
import { FIELDSET, LEGEND, describedBy } from '../utils/form-styles.ts';

/** Benefits, housing, insurance, a note, and assets where the policy asks. */
export function SituationStep({ assetTest }: { assetTest: boolean }) {
  const t = useMessages(applyMessages);
  const id = useId();
  const { register, control } = useApplicationFormContext();
  const insured = useWatch({ control, name: 'insured' });
  const insuredError = useFieldError('insured');
  const insurerError = useFieldError('insurer');
  return (
    <div className="flex flex-col gap-4">
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>{t.situation.benefitsLegend}</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          {PUBLIC_BENEFITS.map((benefit) => (
            <CheckboxField
              key={benefit}
              id={`${id}-${benefit}`}
              value={benefit}
              label={t.situation.benefits[benefit]}
              {...register('benefits')}
            />
          ))}
        </div>
        <CheckboxField
          id={`${id}-homeless`}
          label={t.situation.homeless}
          {...register('homeless')}
        />
      </fieldset>
      <div className={FIELDSET}>
        <RadioGroupField
          id={`${id}-insured`}
          legend={t.situation.insurance}
          error={insuredError}
          options={[
            { value: 'yes', label: t.situation.yes },
            { value: 'no', label: t.situation.no },
          ]}
          {...register('insured')}
        />
        {insured === 'yes' && (
          <TextField
            id={`${id}-insurer`}
            label={t.situation.insurer}
            error={insurerError}
            {...register('insurer')}
          />
        )}
      </div>
      <HardshipField />
      {assetTest && <AssetFields />}
    </div>
  );
}

function HardshipField() {
  const t = useMessages(applyMessages);
  const id = useId();
  const { register, control } = useApplicationFormContext();
  const hardship = useWatch({ control, name: 'hardship' });
  const error = useFieldError('hardship');
  return (
    <div className={`${FIELDSET} gap-2`}>
      <Label htmlFor={id}>{t.situation.hardship}</Label>
      <Hint id={id}>{t.situation.hardshipHint}</Hint>
      <textarea
        id={id}
        rows={4}
        maxLength={MAX_HARDSHIP_LENGTH}
        className="min-h-24 w-full rounded-md border border-input bg-surface px-3 py-2 text-base text-surface-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-danger"
        {...describedBy(id, true, error)}
        {...register('hardship')}
      />
      <p className="text-right text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {t.situation.characters(hardship.length, MAX_HARDSHIP_LENGTH)}
      </p>
      <ErrorText id={id} error={error} />
    </div>
  );
}

function AssetFields() {
  const t = useMessages(applyMessages);
  const id = useId();
  const { control } = useApplicationFormContext();
  const errors = { cash: useFieldError('cash'), otherAssets: useFieldError('otherAssets') };
  const labels = { cash: t.situation.cash, otherAssets: t.situation.other };
  return (
    <fieldset className={FIELDSET}>
      <legend className={LEGEND}>{t.situation.assetsLegend}</legend>
      {(['cash', 'otherAssets'] as const).map((name) => (
        <div key={name} className="flex flex-col gap-2">
          <Label htmlFor={`${id}-${name}`}>{labels[name]}</Label>
          {name === 'otherAssets' && <Hint id={`${id}-${name}`}>{t.situation.otherHint}</Hint>}
          <Controller
            control={control}
            name={name}
            render={({ field }) => (
              <AmountInput
                id={`${id}-${name}`}
                ref={field.ref}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                className="sm:max-w-48"
                {...describedBy(`${id}-${name}`, name === 'otherAssets', errors[name])}
              />
            )}
          />
          <ErrorText id={`${id}-${name}`} error={errors[name]} />
        </div>
      ))}
    </fieldset>
  );
}
