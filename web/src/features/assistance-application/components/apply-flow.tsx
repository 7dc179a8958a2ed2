import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { FormProvider } from 'react-hook-form';
import type { Tracker } from '@webpay/contracts/assistance-application';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useMessages } from '@/lib/messages.ts';
import { applyMessages } from '../assistance-application.messages.ts';
import { forgetApplicationDraft, useApplicationForm } from '../hooks/use-application-form.ts';
import { useSubmitApplication } from '../hooks/use-submit-application.ts';
import {
  STEPS,
  firstStepWithError,
  stepFields,
  toSubmitApplication,
  type ApplicationFormValues,
  type Step,
} from '../utils/application-form.ts';
import type { OpenAccount } from '../utils/open-accounts.ts';
import { AccountsStep } from './accounts-step.tsx';
import { DocumentsStep } from './documents-step.tsx';
import { HouseholdStep } from './household-step.tsx';
import { IncomeStep } from './income-step.tsx';
import { ReviewStep, type ReviewStepProps } from './review-step.tsx';
import { SituationStep } from './situation-step.tsx';
import { StepIndicator } from './step-indicator.tsx';

export interface ApplyFlowProps {
  accounts: readonly OpenAccount[];
  assetTest: boolean;
  /** The application was received: its tracker, and the values whose files are still to send. */
  onSubmitted: (tracker: Tracker, values: ApplicationFormValues) => void;
}

/** Focuses the first field marked invalid once the step has re-rendered with its errors. */
function focusFirstInvalid(container: RefObject<HTMLElement | null>) {
  requestAnimationFrame(() => {
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

/** The steps of the application, one at a time, with Back and Next. */
export function ApplyFlow({ accounts, assetTest, onSubmitted }: ApplyFlowProps) {
  const t = useMessages(applyMessages);
  const { form, step, setStep, attempt, setAttempt } = useApplicationForm(accounts, assetTest);
  const submission = useSubmitApplication(attempt, setAttempt, (tracker) => {
    const values = form.getValues();
    forgetApplicationDraft();
    onSubmitted(tracker, values);
  });
  const [invalid, setInvalid] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const index = STEPS.indexOf(step);

  // Each new step starts at its heading, so a screen reader says where the guarantor is.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  const goTo = (next: Step) => {
    moved.current = true;
    setInvalid(false);
    setStep(next);
  };

  const next = async () => {
    const fine = await form.trigger(stepFields(step, form.getValues('members').length) as never);
    setInvalid(!fine);
    if (!fine) return focusFirstInvalid(formRef);
    const following = STEPS[index + 1];
    if (following) goTo(following);
  };

  const submit = (event: FormEvent) =>
    form.handleSubmit(
      (values) => void submission.submit(toSubmitApplication(values, assetTest)),
      (errors) => {
        setInvalid(true);
        // An answer of an earlier step (a draft from before a change) is shown where it is asked.
        const first = firstStepWithError(errors, form.getValues('members').length);
        if (first && first !== step) goTo(first);
        focusFirstInvalid(formRef);
      },
    )(event);

  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          // Enter in a field of an earlier step means Next, not sending.
          if (step === 'review') return void submit(event);
          event.preventDefault();
          void next();
        }}
        className="flex flex-col gap-6"
      >
        <StepIndicator step={step} />
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
          {t.steps[step]}
        </h2>
        {invalid && <AlertMessage variant="danger">{t.fixAnswers}</AlertMessage>}
        <StepBody
          step={step}
          accounts={accounts}
          assetTest={assetTest}
          pending={submission.pending}
          error={submission.error}
          onEdit={goTo}
        />
        <StepButtons
          step={step}
          onBack={() => goTo(STEPS[index - 1] ?? 'accounts')}
          onNext={() => void next()}
        />
      </form>
    </FormProvider>
  );
}

function StepBody({ step, ...props }: ReviewStepProps & { step: Step }) {
  switch (step) {
    case 'accounts':
      return <AccountsStep accounts={props.accounts} />;
    case 'household':
      return <HouseholdStep />;
    case 'income':
      return <IncomeStep />;
    case 'situation':
      return <SituationStep assetTest={props.assetTest} />;
    case 'documents':
      return <DocumentsStep />;
    case 'review':
      return <ReviewStep {...props} />;
  }
}

function StepButtons({
  step,
  onBack,
  onNext,
}: {
  step: Step;
  onBack: () => void;
  onNext: () => void;
}) {
  const t = useMessages(applyMessages);
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
      {step !== 'accounts' ? (
        <Button type="button" variant="secondary" onClick={onBack}>
          {t.back}
        </Button>
      ) : (
        <span />
      )}
      {step !== 'review' && (
        <Button type="button" onClick={onNext}>
          {t.next}
        </Button>
      )}
    </div>
  );
}
