import { deriveKey } from '../../lib/secrets.ts';
import { sealText, unsealText } from '../../lib/sealed-text.ts';
import { looksLikeRecoveryCode, recoveryCodeHash } from './recovery-codes.ts';
import type { StaffRepository, StaffRow } from './staff.repository.ts';
import { matchTotpStep } from './totp.ts';

export type SecondFactor = 'totp' | 'recovery-code';

/** A sealed TOTP key that the current JWT_SECRET cannot open: the staff member needs a reset. */
export class UnreadableTotpKeyError extends Error {
  constructor(options?: ErrorOptions) {
    super('the TOTP key cannot be unsealed with the current JWT_SECRET', options);
    this.name = 'UnreadableTotpKeyError';
  }
}

/**
 * The second factor of a staff sign-in: a TOTP code whose time step is
 * later than any accepted before, or an unused recovery code. Holds the
 * keys derived from JWT_SECRET that seal TOTP keys and hash recovery codes.
 */
export class SecondFactors {
  private readonly sealingKey: string;
  private readonly recoveryKey: string;

  constructor(
    secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.sealingKey = deriveKey(secret, 'staff-totp-key');
    this.recoveryKey = deriveKey(secret, 'staff-recovery-code');
  }

  seal(totpSecret: string): string {
    return sealText(this.sealingKey, totpSecret);
  }

  /** Throws UnreadableTotpKeyError when sealed under another secret or altered. */
  unseal(sealed: string): string {
    try {
      return unsealText(this.sealingKey, sealed);
    } catch (error) {
      throw new UnreadableTotpKeyError({ cause: error });
    }
  }

  recoveryCodeHash(staffId: string, code: string): string {
    return recoveryCodeHash(this.recoveryKey, staffId, code);
  }

  /** The factor `code` proved, using it up; undefined when it proved nothing. */
  async check(
    repository: StaffRepository,
    member: StaffRow,
    code: string,
  ): Promise<SecondFactor | undefined> {
    if (looksLikeRecoveryCode(code)) {
      const used = await repository.useRecoveryCode(
        member.id,
        this.recoveryCodeHash(member.id, code),
      );
      return used ? 'recovery-code' : undefined;
    }
    if (!member.totpSecretSealed) return undefined;
    const step = matchTotpStep(this.unseal(member.totpSecretSealed), code.trim(), this.now());
    if (step === null) return undefined;
    return (await repository.acceptTotpStep(member.id, step)) ? 'totp' : undefined;
  }
}
