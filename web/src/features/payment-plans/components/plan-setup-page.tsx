import { useCallback, useState } from 'react';
import { Link } from '@tanstack/react-router';
import {
  planAuthorizationText,
  type CreatePlanRequest,
  type PlanCreated,
  type PlanOptions,
} from '@webpay/contracts/payment-plans';
import type { PaymentMethod } from '@webpay/contracts/payment-methods';
import { ApiProblem } from '@/components/api-problem.tsx';
import { LoadingPlaceholder } from '@/components/list-skeleton.tsx';
import { useBranding } from '@/hooks/use-branding.ts';
import { amountInputToCents } from '@/lib/amount-input.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import {
  authorizedMethod,
  preferredMethodId,
  useSavedMethods,
} from '@/lib/recurring/saved-methods.ts';
import {
  useAuthorizationParties,
  type AuthorizationParties,
} from '@/lib/recurring/authorization-parties.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { usePlanOptions } from '@/lib/recurring/plan-options.ts';
import { useCreatePlan } from '../hooks/use-create-plan.ts';
import { forgetPlanDraft, usePlanDraft, type PlanDraft } from '../hooks/use-plan-draft.ts';
import { paymentPlanMessages } from '../payment-plans.messages.ts';
import { encounterKey, newPlanTerms, planFigures } from '../utils/plan-terms.ts';
import { PlanCreatedView } from './plan-created.tsx';
import { PlanReviewStep } from './plan-review-step.tsx';
import { PlanTermsStep } from './plan-terms-step.tsx';

/** /payment-plan: a guarantor puts open accounts on an interest-free plan. */
export function PlanSetupPage() {
  const t = useMessages(paymentPlanMessages);
  const { portalName } = useBranding();
  useDocumentTitle(t.pageTitle(portalName));
  const options = usePlanOptions();
  const methods = useSavedMethods();
  const parties = useAuthorizationParties();
  // Kept here: the plan takes its accounts off the options, which must not hide its confirmation.
  const [created, setCreated] = useState<PlanCreated | null>(null);

  let body;
  if (created) {
    body = <PlanCreatedView created={created} />;
  } else if (options.error) {
    body = options.error instanceof ApiError ? <ApiProblem error={options.error.error} /> : null;
  } else if (!options.data || methods.isPending || !parties) {
    body = <LoadingPlaceholder label={t.loading}>{t.loading}</LoadingPlaceholder>;
  } else if (options.data.eligible.length === 0) {
    body = <NoneEligible />;
  } else {
    body = (
      <PlanSetupFlow
        options={options.data}
        methods={methods.data?.methods ?? []}
        parties={parties}
        onCreated={setCreated}
      />
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{t.heading}</h1>
        <p className="text-muted-foreground">{t.intro}</p>
      </div>
      {body}
    </div>
  );
}

function NoneEligible() {
  const t = useMessages(paymentPlanMessages);
  return (
    <div className="flex flex-col gap-3">
      <p>{t.noneEligible}</p>
      <Link to="/dashboard" className="font-medium underline underline-offset-4">
        {t.backToDashboard}
      </Link>
    </div>
  );
}

interface PlanSetupFlowProps {
  options: PlanOptions;
  methods: readonly PaymentMethod[];
  parties: AuthorizationParties;
  onCreated: (created: PlanCreated) => void;
}

/** Terms, then review; the page shows the confirmation. */
function PlanSetupFlow({ options, methods, parties, onCreated: shown }: PlanSetupFlowProps) {
  const language = useLanguage();
  const { draft, update, toggle } = usePlanDraft(options, preferredMethodId(methods));
  const [step, setStep] = useState<'terms' | 'review'>('terms');
  const [methodMissing, setMethodMissing] = useState(false);
  const monthlyCents = amountInputToCents(draft.monthly);
  const figures = planFigures(options, draft.selected, monthlyCents, draft.dayOfMonth);
  const encounters = options.eligible.filter((encounter) =>
    draft.selected.has(encounterKey(encounter)),
  );
  const method = draft.autopay
    ? methods.find((candidate) => candidate.id === draft.methodId)
    : undefined;
  const authorization = planAuthorizationText(
    language,
    newPlanTerms(parties, {
      encounters,
      totalCents: figures.totalCents,
      schedule: figures.schedule,
      dayOfMonth: draft.dayOfMonth,
      autopayMethod: method ? authorizedMethod(method) : null,
      timings: options.timings,
    }),
  );
  const onCreated = useCallback(
    (next: PlanCreated) => {
      forgetPlanDraft();
      shown(next);
    },
    [shown],
  );
  const creation = useCreatePlan(onCreated);

  if (step === 'review') {
    return (
      <PlanReviewStep
        schedule={figures.schedule}
        authorization={authorization}
        pending={creation.pending}
        error={creation.error}
        onEdit={() => {
          creation.dismissError();
          setStep('terms');
        }}
        onAgree={(text) => void creation.submit(planRequest(encounters, draft, method, text))}
      />
    );
  }
  return (
    <PlanTermsStep
      options={options}
      methods={methods}
      draft={draft}
      figures={figures}
      onChange={(change) => {
        if ('methodId' in change || change.autopay === false) setMethodMissing(false);
        update(change);
      }}
      onToggle={toggle}
      methodMissing={methodMissing}
      onReview={() => {
        const missing = draft.autopay && !method;
        setMethodMissing(missing);
        if (!missing && figures.problem === null) setStep('review');
      }}
    />
  );
}

/** What the service is asked for: the accepted text exactly as it was shown. */
function planRequest(
  encounters: readonly PlanOptions['eligible'][number][],
  draft: PlanDraft,
  method: PaymentMethod | undefined,
  acceptedText: string,
): CreatePlanRequest {
  return {
    encounters: encounters.map(({ facilityId, accountNumber }) => ({ facilityId, accountNumber })),
    monthlyAmountCents: amountInputToCents(draft.monthly),
    dayOfMonth: draft.dayOfMonth,
    autopay: draft.autopay,
    paymentMethodId: draft.autopay && method ? method.id : null,
    authorization: { accepted: true, text: acceptedText },
  };
}
