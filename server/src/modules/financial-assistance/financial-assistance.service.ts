import {
  estimate,
  guidelinesOn,
  policyOf,
  type AssistanceConfiguration,
  type Estimate,
  type EstimateRequest,
  type PublishedPolicy,
} from '@webpay/contracts/financial-assistance';
import type { Language } from '@webpay/contracts/language';
import type { FacilityCalendar } from '../../lib/facility-day.ts';

/** The published policy and the estimate, for anyone, signed in or not. */
export class FinancialAssistanceService {
  constructor(
    private readonly configuration: AssistanceConfiguration,
    private readonly calendar: Pick<FacilityCalendar, 'dayOf'>,
  ) {}

  /** The policy a facility (or the hospital as a whole) publishes, in `language`, with today's guidelines. */
  published(language: Language, facilityId?: string): PublishedPolicy {
    const policy = policyOf(this.configuration, facilityId);
    const year = guidelinesOn(this.configuration.guidelines, this.calendar.dayOf());
    const { secondReviewAboveCents: _internal, ...rules } = policy.rules;
    return {
      facilityId: facilityId ?? null,
      region: policy.region,
      rules,
      guidelines: {
        year: year.year,
        effectiveFrom: year.effectiveFrom,
        table: year[policy.region],
      },
      contact: {
        phone: policy.contact.phone,
        mailingAddress: policy.contact.mailingAddress,
        hours: policy.contact.hours[language],
        inPerson: policy.contact.inPerson[language],
      },
      documents: policy.documents[language],
    };
  }

  /** The likely tier for a household, under the facility's policy and today's guidelines. */
  estimate(asked: EstimateRequest): Estimate {
    const policy = policyOf(this.configuration, asked.facilityId);
    return estimate(this.configuration.guidelines, policy.rules, {
      householdSize: asked.householdSize,
      yearlyIncomeCents: asked.yearlyIncomeCents,
      region: asked.region ?? policy.region,
      day: this.calendar.dayOf(),
    });
  }
}
