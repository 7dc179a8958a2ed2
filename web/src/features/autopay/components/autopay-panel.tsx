import type { PaymentPlan } from '@webpay/contracts/encounters';
import { formatCentsIn, formatDateIn, listIn, type Language } from '@webpay/contracts/language';
import {
  planAuthorizationText,
  statementAutopayAuthorizationText,
  type AutopayOverview,
  type AutopayStopped,
} from '@webpay/contracts/payment-plans';
import type { PaymentMethod } from '@webpay/contracts/payment-methods';
import { ApiProblem } from '@/components/api-problem.tsx';
import { LoadingPlaceholder } from '@/components/list-skeleton.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import {
  useAuthorizationParties,
  type AuthorizationParties,
} from '@/lib/recurring/authorization-parties.ts';
import { useAutopayTimings } from '@/lib/recurring/plan-options.ts';
import {
  authorizedMethod,
  useMethodLabel,
  useSavedMethods,
} from '@/lib/recurring/saved-methods.ts';
import {
  stoppedAnswer,
  useAutopayChange,
  useAutopayOverview,
  usePlansOnFile,
} from '../api/autopay-api.ts';
import { autopayMessages } from '../autopay.messages.ts';
import { planAutopayTerms, statementAutopayTerms } from '../utils/autopay-terms.ts';
import { AutopayHistory } from './autopay-history.tsx';
import { AutopayToggle } from './autopay-toggle.tsx';
import { UpcomingCharges } from './upcoming-charges.tsx';

/**
 * Autopay settings, for the Payment Methods page: on statements, on each
 * plan made in the portal, the charges coming up (each skippable until its
 * deadline) and the charges made.
 */
export function AutopayPanel() {
  const t = useMessages(autopayMessages);
  const overview = useAutopayOverview();
  const methods = useSavedMethods();
  const parties = useAuthorizationParties();

  let body;
  if (overview.error) {
    body = overview.error instanceof ApiError ? <ApiProblem error={overview.error.error} /> : null;
  } else if (!overview.data || !methods.data || !parties) {
    body = <LoadingPlaceholder label={t.loading}>{t.loading}</LoadingPlaceholder>;
  } else {
    body = (
      <AutopaySettings overview={overview.data} methods={methods.data.methods} parties={parties} />
    );
  }
  return (
    <section aria-labelledby="autopay-heading" className="flex flex-col gap-4">
      <h2 id="autopay-heading" className="text-xl font-semibold">
        {t.heading}
      </h2>
      {body}
    </section>
  );
}

interface SettingsProps {
  overview: AutopayOverview;
  methods: readonly PaymentMethod[];
  parties: AuthorizationParties;
}

/** The sentence to announce once autopay is off, with a charge that still runs if there is one. */
function stoppedText(
  words: ReturnType<typeof useMessages<(typeof autopayMessages)['en']>>,
  language: Language,
  answer: AutopayStopped | null,
): string {
  const still = answer?.stillCharging;
  if (!still) return words.turnOff.done;
  const date = formatDateIn(language, still.date);
  const charge =
    still.amountCents === null
      ? words.turnOff.stillChargingUnknown(date)
      : words.turnOff.stillCharging(date, formatCentsIn(language, still.amountCents));
  return `${words.turnOff.done} ${charge}`;
}

function AutopaySettings({ overview, methods, parties }: SettingsProps) {
  const t = useMessages(autopayMessages);
  const language = useLanguage();
  const timings = useAutopayTimings();
  const change = useAutopayChange();
  const label = useMethodLabel(methods);
  const statement = overview.statement;
  return (
    <div className="flex flex-col gap-4">
      <AutopayToggle
        heading={t.statements.heading}
        summary={
          statement
            ? t.statements.onWith(
                label(statement.paymentMethodId),
                formatCentsIn(language, statement.capCents),
              )
            : t.statements.hint
        }
        on={statement !== null}
        methods={methods}
        withCap
        authorizationFor={(method, capCents) =>
          statementAutopayAuthorizationText(
            language,
            statementAutopayTerms(authorizedMethod(method), capCents, parties, timings),
          )
        }
        turnOffText={t.turnOff.statements}
        onEnable={(paymentMethodId, capCents, text) =>
          change.mutateAsync({
            kind: 'statements-on',
            body: { paymentMethodId, capCents, authorization: { accepted: true, text } },
          })
        }
        onDisable={async () =>
          stoppedText(
            t,
            language,
            stoppedAnswer(await change.mutateAsync({ kind: 'statements-off' })),
          )
        }
      />
      <PlanAutopays overview={overview} methods={methods} parties={parties} />
      <UpcomingCharges overview={overview} methods={methods} />
      <AutopayHistory overview={overview} methods={methods} />
    </div>
  );
}

function PlanAutopays({ overview, methods, parties }: SettingsProps) {
  const t = useMessages(autopayMessages);
  const language = useLanguage();
  const timings = useAutopayTimings();
  const change = useAutopayChange();
  const label = useMethodLabel(methods);
  const plansOnFile = usePlansOnFile().data?.paymentPlans ?? [];
  const plans = overview.plans.filter((plan) => plan.canUseAutopay);
  // The billing office's own plans keep the payment arrangement made with it (decision 0026).
  const arranged = overview.plans.filter((plan) => !plan.canUseAutopay);
  const onFile = (planNumber: string): PaymentPlan | undefined =>
    plansOnFile.find((candidate) => candidate.id === planNumber);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="plan-autopay-heading">
      <h3 id="plan-autopay-heading" className="text-lg font-semibold">
        {t.plans.heading}
      </h3>
      {plans.length === 0 && <p className="text-sm text-muted-foreground">{t.plans.none}</p>}
      {arranged.length > 0 && (
        <p className="text-sm text-muted-foreground">
          {t.plans.arrangedWithOffice(
            listIn(
              language,
              arranged.map((plan) => t.plans.plan(plan.planNumber)),
            ),
          )}
        </p>
      )}
      {plans.map((plan) => (
        <AutopayToggle
          key={plan.planNumber}
          heading={t.plans.plan(plan.planNumber)}
          summary={plan.autopay ? t.plans.onWith(label(plan.paymentMethodId)) : t.plans.off}
          on={plan.autopay}
          methods={methods}
          authorizationFor={(method) => {
            const details = onFile(plan.planNumber);
            const terms =
              details && planAutopayTerms(details, authorizedMethod(method), parties, timings);
            return terms ? planAuthorizationText(language, terms) : '';
          }}
          turnOffText={t.turnOff.plan(plan.planNumber)}
          onEnable={(paymentMethodId, _cap, text) =>
            change.mutateAsync({
              kind: 'plan-on',
              planNumber: plan.planNumber,
              body: { paymentMethodId, authorization: { accepted: true, text } },
            })
          }
          onDisable={async () =>
            stoppedText(
              t,
              language,
              stoppedAnswer(
                await change.mutateAsync({ kind: 'plan-off', planNumber: plan.planNumber }),
              ),
            )
          }
        />
      ))}
    </section>
  );
}
