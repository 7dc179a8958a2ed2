import type { Case } from '@webpay/contracts/assistance-application';
import { useMessages } from '@/lib/messages.ts';
import { Section } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { caseMessages } from '../assistance.messages.ts';
import { Facts } from './facts.tsx';

/** What the answers come to under the facility's policy, as the service computed it. */
export function AssessmentSection({ assessment }: { assessment: Case['assessment'] }) {
  const t = useMessages(caseMessages);
  const format = useFormat();
  const { tier } = assessment;
  return (
    <Section id="assessment" title={t.assessment}>
      <Facts>
        <dt>{t.householdSize}</dt>
        <dd className="tabular-nums">{assessment.householdSize}</dd>
        <dt>{t.yearlyIncome}</dt>
        <dd className="tabular-nums">{format.cents(assessment.yearlyIncomeCents)}</dd>
        <dt>{t.guideline(assessment.guidelineYear)}</dt>
        <dd className="tabular-nums">{format.cents(assessment.guidelineCents)}</dd>
        <dt>{t.percentOfPoverty}</dt>
        <dd className="tabular-nums">{t.percent(assessment.percentOfPoverty)}</dd>
        <dt>{t.tier}</dt>
        <dd>{tier ? t.tierText(tier.upToPercentOfPoverty, tier.discountPercent) : t.noTier}</dd>
        <dt>{t.presumptive}</dt>
        <dd>
          {assessment.presumptive.length > 0
            ? assessment.presumptive.map((category) => t.presumptiveNames[category]).join(', ')
            : t.no}
        </dd>
        {assessment.assetsCents !== null && (
          <>
            <dt>{t.assets}</dt>
            <dd className="tabular-nums">{format.cents(assessment.assetsCents)}</dd>
          </>
        )}
        <dt>{t.policyDiscount}</dt>
        <dd className="font-semibold">{t.discountOff(assessment.discountPercent)}</dd>
      </Facts>
    </Section>
  );
}

/** The electronic signature as kept: the typed name, when, and from which address. */
export function SignatureSection({ signature }: { signature: Case['signature'] }) {
  const t = useMessages(caseMessages);
  const format = useFormat();
  return (
    <Section id="signature" title={t.signature}>
      <Facts>
        <dt>{t.signedName}</dt>
        <dd>{signature.name}</dd>
        <dt>{t.signedAt}</dt>
        <dd>{format.dateTime(signature.signedAt)}</dd>
        <dt>{t.ipAddress}</dt>
        <dd className="tabular-nums">{signature.ipAddress}</dd>
      </Facts>
    </Section>
  );
}
