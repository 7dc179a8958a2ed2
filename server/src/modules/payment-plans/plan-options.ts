import type { PlanOptions } from '@webpay/contracts/payment-plans';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { AuthService, SessionReadSpec, SignedInRead } from '../auth/index.ts';
import { eligibleEncountersJson, type EligibleEncounter } from './payment-plans.repository.ts';
import type { PlanSettings } from './payment-plans.service.ts';

/**
 * The eligible encounters in one statement with the session check and its
 * audit row (auth's session-read.ts): they name patients and balances, and
 * every read of patient data is recorded (PRODUCT.md, Audit).
 */
const PLAN_OPTIONS_READ: SessionReadSpec = {
  name: 'plan_options_read',
  payload: eligibleEncountersJson,
  action: 'payment_plan_options.read',
};

/** What a payment plan may be made of, as the signed-in guarantor's plan set-up shows it. */
export class PlanOptionsReader {
  private readonly readEligible: SignedInRead<EligibleEncounter[]>;

  constructor(
    /** Where the guarantor's one-trip reads are made. */
    signedIn: Pick<AuthService, 'signedInRead'>,
    private readonly calendar: FacilityCalendar,
    private readonly settings: Pick<PlanSettings, 'rules' | 'timings'>,
  ) {
    this.readEligible = signedIn.signedInRead(PLAN_OPTIONS_READ);
  }

  /** GET /payment-plans/options: the rules, autopay's timings, today and the token's guarantor's encounters. */
  readonly forToken: SignedInRead<PlanOptions> = async (token, context) => {
    const { session, payload } = await this.readEligible(token, context);
    return {
      session,
      payload: {
        rules: this.settings.rules,
        today: this.calendar.dayOf(),
        timings: { ...this.settings.timings },
        eligible: payload.map(({ id: _id, ...row }) => row),
      },
    };
  };
}
