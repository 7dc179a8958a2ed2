import { OFFICE_BASE_PATH, type Enrolment } from '@webpay/contracts/office';
import type { Database } from '../../db/client.ts';
import { apiErrors, fieldText } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { hashPassword, hashToken, randomToken } from '../../lib/secrets.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { EnrolmentRepository } from './enrolment.repository.ts';
import { PASSWORD_PROBLEM_MESSAGES, passwordProblem } from './password-policy.ts';
import { newRecoveryCodes } from './recovery-codes.ts';
import { UnreadableTotpKeyError, type SecondFactors } from './second-factor.ts';
import type { StaffRepository, StaffRow } from './staff.repository.ts';
import { matchTotpStep, newTotpSecret, otpauthUri } from './totp.ts';

/** A link to hand to a new or reset staff member; only its owner should ever see it. */
export interface EnrolmentLink {
  url: string;
  expiresAt: Date;
}

export interface EnrolmentOptions {
  /** PUBLIC_URL: the console's enrolment page is under it. */
  publicUrl: string;
  /** The portal's and the hospital's names, which a password must not be built from. */
  serviceNames: readonly string[];
  now?: () => Date;
}

/**
 * Enrolment: a one-time link shows a staff member the TOTP key made for
 * them; they answer with a new password and a code from their app, and get
 * their recovery codes, once. Completing it makes the account active.
 */
export class EnrolmentService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly staff: StaffRepository,
    private readonly enrolments: EnrolmentRepository,
    private readonly secondFactors: SecondFactors,
    private readonly audit: AuditRepository,
    private readonly options: EnrolmentOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** A new link for a staff member; any link they had stops working. `db`: the caller's transaction. */
  async createLink(staffId: string, db: Database = this.db): Promise<EnrolmentLink> {
    const token = randomToken();
    const row = await this.enrolments
      .within(db)
      .create(hashToken(token), staffId, this.secondFactors.seal(newTotpSecret()));
    return {
      url: `${this.options.publicUrl}${OFFICE_BASE_PATH}/enrol/${encodeURIComponent(token)}`,
      expiresAt: row.expiresAt,
    };
  }

  private async open(
    token: string,
  ): Promise<{ member: StaffRow; totpSecret: string; expiresAt: Date }> {
    const enrolment = await this.enrolments.findOpen(hashToken(token));
    const member = enrolment && (await this.staff.findById(enrolment.staffId));
    if (!enrolment || !member || member.status === 'disabled' || member.kind !== 'local') {
      throw apiErrors.enrolmentLinkInvalid();
    }
    let totpSecret: string;
    try {
      totpSecret = this.secondFactors.unseal(enrolment.totpSecretSealed);
    } catch (error) {
      // Made under another JWT_SECRET: only a new link helps.
      if (error instanceof UnreadableTotpKeyError) throw apiErrors.enrolmentLinkInvalid();
      throw error;
    }
    return { member, totpSecret, expiresAt: enrolment.expiresAt };
  }

  /** What the enrolment page shows: who it is for and the TOTP key to add to an app. */
  async show(token: string, context: RequestContext): Promise<Enrolment> {
    const { member, totpSecret, expiresAt } = await this.open(token);
    await this.audit.record(context, {
      action: 'staff.enrolment.view',
      outcome: 'success',
      actorType: 'anonymous',
      targetType: 'staff',
      targetId: member.id,
    });
    return {
      name: member.name,
      email: member.email,
      role: member.role,
      totpSecret,
      otpauthUri: otpauthUri(totpSecret, member.email),
      expiresAt: expiresAt.toISOString(),
    };
  }

  /**
   * Sets the password and the TOTP key, once: the link is used up in the
   * same transaction. Answers the recovery codes, which are never shown again.
   */
  async complete(
    token: string,
    request: { password: string; code: string },
    context: RequestContext,
  ): Promise<string[]> {
    const { member, totpSecret } = await this.open(token);
    const failed = (reason: string) =>
      this.audit.record(context, {
        action: 'staff.enrolment',
        outcome: 'failure',
        actorType: 'anonymous',
        targetType: 'staff',
        targetId: member.id,
        details: { reason },
      });
    const problem = passwordProblem(request.password, {
      serviceNames: this.options.serviceNames,
      name: member.name,
      email: member.email,
    });
    if (problem) {
      await failed(`password_${problem}`);
      throw apiErrors.validation([fieldText('body.password', PASSWORD_PROBLEM_MESSAGES[problem])]);
    }
    const step = matchTotpStep(totpSecret, request.code, this.now());
    if (step === null) {
      await failed('wrong_code');
      throw apiErrors.enrolmentCodeInvalid();
    }
    const passwordHash = await hashPassword(request.password);
    const codes = newRecoveryCodes();
    await this.db.transaction(async (tx) => {
      if (!(await this.enrolments.within(tx).use(hashToken(token)))) {
        throw apiErrors.enrolmentLinkInvalid();
      }
      await this.staff.within(tx).setCredentials(
        member.id,
        {
          passwordHash,
          totpSecretSealed: this.secondFactors.seal(totpSecret),
          totpLastStep: step,
        },
        codes.map((code) => this.secondFactors.recoveryCodeHash(member.id, code)),
      );
    });
    await this.audit.record(context, {
      action: 'staff.enrolment',
      outcome: 'success',
      actorType: 'staff',
      actorId: member.id,
      targetType: 'staff',
      targetId: member.id,
      details: { recoveryCodes: codes.length },
    });
    return codes;
  }
}
