import { useId, useState, type FormEvent } from 'react';
import type { Estimate } from '@webpay/contracts/financial-assistance';
import { Button } from '@/components/ui/button.tsx';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useEstimateAssistance } from '../api/estimate-assistance.ts';
import { assistanceMessages } from '../financial-assistance.messages.ts';
import { householdSize, incomeCents } from '../utils/estimate-input.ts';

function EstimateAnswer({ answer }: { answer: Estimate }) {
  const t = useMessages(assistanceMessages);
  const discount = answer.tier?.discountPercent;
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-border bg-muted p-4">
      <p>{t.percentOfPoverty(answer.percentOfPoverty, answer.guidelineYear)}</p>
      <p className="font-semibold">
        {discount === undefined
          ? t.aboveTiers
          : discount === 100
            ? t.likelyFree
            : t.likelyDiscount(discount)}
      </p>
      <p className="text-sm text-muted-foreground">{t.estimateNote}</p>
    </div>
  );
}

/** "Need help paying?": household size and yearly income in, the likely tier out, never a refusal. */
export function EstimateForm() {
  const t = useMessages(assistanceMessages);
  const id = useId();
  const [size, setSize] = useState('');
  const [income, setIncome] = useState('');
  const [errors, setErrors] = useState<{ size?: string; income?: string }>({});
  const estimate = useEstimateAssistance();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const people = householdSize(size);
    const cents = incomeCents(income);
    const found = {
      size: people === undefined ? t.householdSizeInvalid : undefined,
      income: cents === undefined ? t.yearlyIncomeInvalid : undefined,
    };
    setErrors(found);
    if (people === undefined || cents === undefined) return;
    estimate.mutate({ householdSize: people, yearlyIncomeCents: cents });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-size`}
          label={t.householdSize}
          hint={t.householdSizeHint}
          inputMode="numeric"
          autoComplete="off"
          value={size}
          error={errors.size}
          onChange={(event) => setSize(event.target.value)}
        />
        <TextField
          id={`${id}-income`}
          label={t.yearlyIncome}
          hint={t.yearlyIncomeHint}
          inputMode="decimal"
          autoComplete="off"
          value={income}
          error={errors.income}
          onChange={(event) => setIncome(event.target.value)}
        />
      </div>
      <Button
        type="submit"
        className="self-start"
        disabled={estimate.isPending}
        aria-busy={estimate.isPending}
      >
        {estimate.isPending && <Spinner />}
        {estimate.isPending ? t.estimating : t.estimate}
      </Button>
      <div aria-live="polite">
        {estimate.isSuccess && <EstimateAnswer answer={estimate.data} />}
      </div>
      {estimate.isError && <AlertMessage variant="danger">{t.estimateFailed}</AlertMessage>}
    </form>
  );
}
