import { and, count, eq, gt, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { guarantors, loginChallenges } from '../../db/schema.ts';

/** Verifications that e-mail a code the caller types back. */
export const CODE_KINDS = ['email_code', 'signup', 'mfa'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];
export type ChallengeKind = CodeKind | 'magic_link';

const secondsFromNow = (seconds: number) =>
  sql`now() + (${Math.round(seconds)}::integer * interval '1 second')`;

export interface NewChallenge {
  /** The verification id. */
  id: string;
  /** Null for a decoy, which behaves like a verification but never succeeds. */
  guarantorId: string | null;
  kind: ChallengeKind;
  email: string | null;
  secretHash: string;
  guarantorRef?: string | null;
  identifierHash?: string | null;
  payload?: Record<string, unknown> | null;
  lifetimeSeconds: number;
  maxAttempts?: number;
}

export interface ConsumedCode {
  /** True when the code was right: the verification is now used up. */
  matched: boolean;
  /** Wrong tries so far, this one included. */
  attempts: number;
  maxAttempts: number;
  kind: CodeKind;
  guarantorId: string | null;
  email: string | null;
  payload: Record<string, unknown> | null;
}

export interface RestartedVerification {
  kind: CodeKind;
  guarantorId: string | null;
  email: string | null;
  payload: Record<string, unknown> | null;
  resends: number;
}

export interface VerificationSummary {
  kind: ChallengeKind;
  identifierHash: string | null;
  /** Unused, unexpired and with tries left: a code could still open it. */
  live: boolean;
}

export interface ConsumedMagicLink {
  challengeId: string;
  guarantorId: string;
  roles: string[];
  payload: Record<string, unknown> | null;
}

/**
 * The one-time secrets of login_challenges. Every check-and-use happens in a
 * single UPDATE ... WHERE ... RETURNING, so two requests racing with the same
 * code or link cannot both succeed, and a wrong try is always counted.
 */
export class ChallengesRepository {
  constructor(private readonly db: Database) {}

  async create(challenge: NewChallenge): Promise<void> {
    await this.db.insert(loginChallenges).values({
      id: challenge.id,
      guarantorId: challenge.guarantorId,
      kind: challenge.kind,
      email: challenge.email,
      secretHash: challenge.secretHash,
      guarantorRef: challenge.guarantorRef ?? null,
      identifierHash: challenge.identifierHash ?? null,
      payload: challenge.payload ?? null,
      maxAttempts: challenge.maxAttempts ?? 5,
      expiresAt: secondsFromNow(challenge.lifetimeSeconds),
    });
  }

  /** Challenges of a kind made for an identifier in the last `withinSeconds`. */
  async countRecent(
    kind: ChallengeKind,
    identifierHash: string,
    withinSeconds: number,
  ): Promise<number> {
    const [row] = await this.db
      .select({ value: count() })
      .from(loginChallenges)
      .where(
        and(
          eq(loginChallenges.identifierHash, identifierHash),
          eq(loginChallenges.kind, kind),
          gt(loginChallenges.createdAt, secondsFromNow(-withinSeconds)),
        ),
      );
    return row?.value ?? 0;
  }

  async summary(id: string): Promise<VerificationSummary | undefined> {
    const [row] = await this.db
      .select({
        kind: loginChallenges.kind,
        identifierHash: loginChallenges.identifierHash,
        live: sql<boolean>`(${loginChallenges.consumedAt} is null and ${loginChallenges.expiresAt} > now() and ${loginChallenges.attempts} < ${loginChallenges.maxAttempts})`,
      })
      .from(loginChallenges)
      .where(eq(loginChallenges.id, id));
    return row;
  }

  /**
   * Tries a code against a live verification: right → used up; wrong → one
   * more try counted, and the last allowed try kills the code. Undefined when
   * there is no live verification with that id (unknown, used, expired or
   * out of tries). A decoy (no guarantor) never matches.
   */
  async consumeCode(input: {
    id: string;
    guarantorRef: string;
    secretHash: string;
  }): Promise<ConsumedCode | undefined> {
    const matched = sql`(${loginChallenges.secretHash} = ${input.secretHash} and ${loginChallenges.guarantorRef} = ${input.guarantorRef} and ${loginChallenges.guarantorId} is not null)`;
    const [row] = await this.db
      .update(loginChallenges)
      .set({
        attempts: sql`case when ${matched} then ${loginChallenges.attempts} else ${loginChallenges.attempts} + 1 end`,
        consumedAt: sql`case when ${matched} then now() else null end`,
      })
      .where(
        and(
          eq(loginChallenges.id, input.id),
          inArray(loginChallenges.kind, [...CODE_KINDS]),
          isNull(loginChallenges.consumedAt),
          gt(loginChallenges.expiresAt, sql`now()`),
          lt(loginChallenges.attempts, loginChallenges.maxAttempts),
        ),
      )
      .returning({
        matched: sql<boolean>`${matched}`,
        attempts: loginChallenges.attempts,
        maxAttempts: loginChallenges.maxAttempts,
        kind: loginChallenges.kind,
        guarantorId: loginChallenges.guarantorId,
        email: loginChallenges.email,
        payload: loginChallenges.payload,
      });
    return row ? { ...row, kind: row.kind as CodeKind } : undefined;
  }

  /**
   * Gives a pending verification a new secret: tries start again, the
   * expiry moves on and the old code stops working. Undefined when the
   * verification is unknown, used, or has had `maxResends` already.
   */
  async restartCode(input: {
    id: string;
    guarantorRef: string;
    secretHash: string;
    lifetimeSeconds: number;
    maxResends: number;
  }): Promise<RestartedVerification | undefined> {
    const [row] = await this.db
      .update(loginChallenges)
      .set({
        secretHash: input.secretHash,
        attempts: 0,
        resends: sql`${loginChallenges.resends} + 1`,
        expiresAt: secondsFromNow(input.lifetimeSeconds),
      })
      .where(
        and(
          eq(loginChallenges.id, input.id),
          eq(loginChallenges.guarantorRef, input.guarantorRef),
          inArray(loginChallenges.kind, [...CODE_KINDS]),
          isNull(loginChallenges.consumedAt),
          lt(loginChallenges.resends, input.maxResends),
        ),
      )
      .returning({
        kind: loginChallenges.kind,
        guarantorId: loginChallenges.guarantorId,
        email: loginChallenges.email,
        payload: loginChallenges.payload,
        resends: loginChallenges.resends,
      });
    return row ? { ...row, kind: row.kind as CodeKind } : undefined;
  }

  /** A new code that never left (delivery failed) does not use up a resend. */
  async returnResend(id: string): Promise<void> {
    await this.db
      .update(loginChallenges)
      .set({ resends: sql`greatest(${loginChallenges.resends} - 1, 0)` })
      .where(eq(loginChallenges.id, id));
  }

  /** Whether a verification exists with this reference and has used all its resends. */
  async resendsExhausted(id: string, guarantorRef: string, maxResends: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: loginChallenges.id })
      .from(loginChallenges)
      .where(
        and(
          eq(loginChallenges.id, id),
          eq(loginChallenges.guarantorRef, guarantorRef),
          inArray(loginChallenges.kind, [...CODE_KINDS]),
          isNull(loginChallenges.consumedAt),
          sql`${loginChallenges.resends} >= ${maxResends}::integer`,
        ),
      );
    return row !== undefined;
  }

  /**
   * Uses a magic link: live, unused, and still addressed to the guarantor's
   * current e-mail (a link sent to an address the guarantor has since
   * replaced no longer works).
   */
  async consumeMagicLink(secretHash: string): Promise<ConsumedMagicLink | undefined> {
    const [row] = await this.db
      .update(loginChallenges)
      .set({ consumedAt: sql`now()` })
      .from(guarantors)
      .where(
        and(
          eq(loginChallenges.secretHash, secretHash),
          eq(loginChallenges.kind, 'magic_link'),
          isNull(loginChallenges.consumedAt),
          gt(loginChallenges.expiresAt, sql`now()`),
          eq(guarantors.id, loginChallenges.guarantorId),
          isNotNull(guarantors.email),
          sql`lower(${guarantors.email}) = lower(${loginChallenges.email})`,
        ),
      )
      .returning({
        challengeId: loginChallenges.id,
        guarantorId: guarantors.id,
        roles: guarantors.roles,
        payload: loginChallenges.payload,
      });
    return row;
  }

  /** Once one sign-up verification succeeds, the guarantor's other pending ones stop working. */
  async retireOtherSignups(guarantorId: string, keepId: string): Promise<void> {
    await this.db
      .update(loginChallenges)
      .set({ consumedAt: sql`now()` })
      .where(
        and(
          eq(loginChallenges.guarantorId, guarantorId),
          eq(loginChallenges.kind, 'signup'),
          isNull(loginChallenges.consumedAt),
          ne(loginChallenges.id, keepId),
        ),
      );
  }

  /** Deletes challenges that expired more than `olderThanSeconds` ago (housekeeping). */
  async purgeExpired(olderThanSeconds: number): Promise<number> {
    const rows = await this.db
      .delete(loginChallenges)
      .where(lt(loginChallenges.expiresAt, secondsFromNow(-olderThanSeconds)))
      .returning({ id: loginChallenges.id });
    return rows.length;
  }
}
