import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@webpay/contracts/language';
import type { Database, Transaction } from '../../db/client.ts';
import {
  cardSetups,
  guarantors,
  paymentAuthorizations,
  paymentMethods,
  paymentPlans,
  payments,
  statementAutopay,
} from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import {
  openBankAccount,
  type BankAccountDetails,
  type PaymentMethodKey,
} from '../../lib/payment-method-keys.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type CardSetupRow = typeof cardSetups.$inferSelect;
type Holder = Record<string, string | null>;

/** What autopay charges: a card's token, or a bank account opened from its seal. */
export type ChargeableMethod =
  | {
      id: string;
      guarantorId: string;
      kind: 'card';
      token: string;
      brand: string;
      last4: string;
      /** MMYY */
      expiry: string;
      holder: Holder;
    }
  | {
      id: string;
      guarantorId: string;
      kind: 'bank';
      bank: BankAccountDetails;
      brand: string;
      last4: string;
      holder: Holder;
    };

/** What a new method carries besides its consent. */
export type NewMethod = Pick<
  typeof paymentMethods.$inferInsert,
  | 'guarantorId'
  | 'kind'
  | 'brand'
  | 'last4'
  | 'cardExpiry'
  | 'processorToken'
  | 'bankSealed'
  | 'bankKeyId'
  | 'bankFingerprint'
  | 'holder'
  | 'savedFrom'
  | 'firstTxnId'
  | 'firstApprovalCode'
>;

/** The stored-credential consent a method rests on, as accepted. */
export interface AcceptedConsent {
  text: string;
  language: Language;
  acceptedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface MethodUses {
  plans: { id: string; planNumber: string; version: number }[];
  statementAutopay: boolean;
}

/** What the portal's list shows of a method: never its token, seal or fingerprint. */
export type ListedMethod = Pick<
  PaymentMethodRow,
  'id' | 'kind' | 'brand' | 'last4' | 'cardExpiry' | 'holder' | 'isDefault' | 'createdAt'
>;

/** A plan whose autopay charges a method. */
interface PlanUse {
  id: string;
  methodId: string;
  planNumber: string;
  version: number;
}

/** What uses the guarantor's methods, as SQL's JSON gives it. */
export interface UsesJson {
  plans: PlanUse[];
  /** The method of active statement autopay; none or one. */
  statementMethodIds: string[];
}

/** The guarantor's live methods and their uses, as SQL's JSON gives them: times are ISO text. */
export interface SavedMethodsJson {
  methods: (Omit<ListedMethod, 'createdAt'> & { createdAt: string })[];
  uses: UsesJson;
}

/*
 * The list and the uses are JSON values over the guarantor id, an SQL
 * expression, so that GET /payment-methods (a signed-in read, auth's
 * session-read.ts) puts them in the statement that checks the session, and
 * the answers that follow a change read the same SQL.
 */

/** What uses each method: open plans' autopay, by plan number, and active statement autopay. */
export const usesJson = (guarantorId: SQL): SQL<UsesJson> => sql<UsesJson>`json_build_object(
  'plans', (
    select coalesce(json_agg(json_build_object(
      'id', p.id,
      'methodId', p.autopay_method_id,
      'planNumber', p.plan_number,
      'version', p.version
    ) order by p.plan_number), '[]'::json)
    from payment_plans p
    where p.guarantor_id = ${guarantorId}
      and p.autopay_method_id is not null
      and p.closed_at is null
  ),
  'statementMethodIds', (
    select coalesce(json_agg(sa.payment_method_id), '[]'::json)
    from statement_autopay sa
    where sa.guarantor_id = ${guarantorId} and sa.cancelled_at is null
  )
)`;

/** The guarantor's live methods, default first, then newest, with what uses each. */
export const savedMethodsJson = (guarantorId: SQL): SQL<SavedMethodsJson> =>
  sql<SavedMethodsJson>`json_build_object(
    'methods', (
      select coalesce(json_agg(json_build_object(
        'id', m.id,
        'kind', m.kind,
        'brand', m.brand,
        'last4', m.last4,
        'cardExpiry', m.card_expiry,
        'holder', m.holder,
        'isDefault', m.is_default,
        'createdAt', m.created_at
      ) order by m.is_default desc, m.created_at desc), '[]'::json)
      from payment_methods m
      where m.guarantor_id = ${guarantorId} and m.removed_at is null
    ),
    'uses', ${usesJson(guarantorId)}
  )`;

/** A listed method from its JSON, its time a Date again as the row's is. */
export const listedMethod = (json: SavedMethodsJson['methods'][number]): ListedMethod => ({
  ...json,
  createdAt: new Date(json.createdAt),
});

/** Each method's uses by its id. */
export function usesByMethod(json: UsesJson): Map<string, MethodUses> {
  const uses = new Map<string, MethodUses>();
  const of = (id: string) => {
    const found = uses.get(id) ?? { plans: [], statementAutopay: false };
    uses.set(id, found);
    return found;
  };
  for (const plan of json.plans) of(plan.methodId).plans.push(plan);
  for (const methodId of json.statementMethodIds) of(methodId).statementAutopay = true;
  return uses;
}

/** Where a saved method comes from besides the method itself: a setup or a payment to link. */
export interface SaveLinks {
  cardSetupId?: string;
  paymentId?: string;
}

export type SaveOutcome = { saved: PaymentMethodRow } | { duplicate: true };

/** One SQL value selected on its own. */
async function selectValue<T>(db: Database, value: SQL<T>): Promise<T> {
  const { rows } = await db.execute<{ value: T }>(sql`select ${value} as value`);
  const [row] = rows;
  if (!row) throw new Error('a select of one value answered no row');
  return row.value;
}

const live = (guarantorId: string) =>
  and(eq(paymentMethods.guarantorId, guarantorId), isNull(paymentMethods.removedAt));

export class PaymentMethodsRepository {
  constructor(
    private readonly db: Database,
    private readonly keyring: readonly PaymentMethodKey[],
  ) {}

  /** The guarantor's live methods, default first, then newest, with what uses each. */
  savedMethods(guarantorId: string): Promise<SavedMethodsJson> {
    return selectValue(this.db, savedMethodsJson(sql`${guarantorId}`));
  }

  async findLive(guarantorId: string, id: string): Promise<PaymentMethodRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentMethods)
      .where(and(live(guarantorId), eq(paymentMethods.id, id)));
    return row;
  }

  /** A live method as autopay charges it; undefined when removed or unknown. */
  async chargeable(methodId: string): Promise<ChargeableMethod | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, methodId), isNull(paymentMethods.removedAt)));
    if (!row) return undefined;
    const common = {
      id: row.id,
      guarantorId: row.guarantorId,
      brand: row.brand,
      last4: row.last4,
      holder: row.holder,
    };
    if (row.kind === 'card') {
      if (!row.processorToken || !row.cardExpiry) return undefined;
      return { ...common, kind: 'card', token: row.processorToken, expiry: row.cardExpiry };
    }
    if (!row.bankSealed || !row.bankKeyId) return undefined;
    return {
      ...common,
      kind: 'bank',
      bank: openBankAccount(this.keyring, row.bankSealed, row.bankKeyId),
    };
  }

  /** What uses each of the guarantor's methods: plans' autopay and active statement autopay. */
  async usesOf(guarantorId: string): Promise<Map<string, MethodUses>> {
    return usesByMethod(await selectValue(this.db, usesJson(sql`${guarantorId}`)));
  }

  /** The guarantor's support phone, for the consent's wording. */
  async supportPhone(guarantorId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ supportPhone: guarantors.supportPhone })
      .from(guarantors)
      .where(eq(guarantors.id, guarantorId));
    return row?.supportPhone ?? null;
  }

  /**
   * Saves a method with its consent in one transaction; the first live
   * method becomes the default. A card or account already saved (the unique
   * indexes) answers `duplicate` and writes nothing.
   */
  async save(method: NewMethod, consent: AcceptedConsent, links: SaveLinks = {}) {
    try {
      return await this.db.transaction(async (tx): Promise<SaveOutcome> => {
        // One save at a time per guarantor, so "the first becomes default" holds.
        await tx
          .select({ id: guarantors.id })
          .from(guarantors)
          .where(eq(guarantors.id, method.guarantorId))
          .for('no key update');
        const [other] = await tx
          .select({ id: paymentMethods.id })
          .from(paymentMethods)
          .where(and(live(method.guarantorId), eq(paymentMethods.isDefault, true)))
          .limit(1);
        const id = randomUUID();
        const authorizationId = randomUUID();
        const [saved] = await tx
          .insert(paymentMethods)
          .values({ ...method, id, isDefault: !other, authorizationId })
          .returning();
        if (!saved) throw new Error('The payment method was not written');
        await tx.insert(paymentAuthorizations).values({
          id: authorizationId,
          guarantorId: method.guarantorId,
          kind: 'stored_credential',
          paymentMethodId: id,
          ...consent,
        });
        await linkSaved(tx, id, links);
        return { saved };
      });
    } catch (error) {
      if (
        isUniqueViolation(error, 'payment_methods_token_key') ||
        isUniqueViolation(error, 'payment_methods_bank_key')
      ) {
        return { duplicate: true } as const;
      }
      throw error;
    }
  }

  /** Makes one live method the default; false when it is not the guarantor's live method. */
  makeDefault(guarantorId: string, id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [target] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(and(live(guarantorId), eq(paymentMethods.id, id)))
        .for('update');
      if (!target) return false;
      await tx
        .update(paymentMethods)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(
          and(live(guarantorId), eq(paymentMethods.isDefault, true), ne(paymentMethods.id, id)),
        );
      await tx
        .update(paymentMethods)
        .set({ isDefault: true, updatedAt: new Date() })
        .where(eq(paymentMethods.id, id));
      return true;
    });
  }

  /**
   * Removes a method. Its uses move to `replacementId` in the same
   * transaction; without one, a used method is not removed and its uses are
   * answered. A removed default hands the default to the newest other method.
   */
  remove(
    guarantorId: string,
    id: string,
    replacementId: string | undefined,
  ): Promise<
    | { removed: PaymentMethodRow; moved: MethodUses }
    | { inUse: MethodUses }
    | { notFound: 'method' | 'replacement' }
  > {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(paymentMethods)
        .where(and(live(guarantorId), inArray(paymentMethods.id, [id, replacementId ?? id])))
        .for('update');
      const method = rows.find((row) => row.id === id);
      if (!method) return { notFound: 'method' as const };
      const replacement = rows.find((row) => row.id === replacementId && row.id !== id);
      if (replacementId !== undefined && !replacement) return { notFound: 'replacement' as const };

      const uses = await usesIn(tx, guarantorId, id);
      const used = uses.plans.length > 0 || uses.statementAutopay;
      if (used && !replacement) return { inUse: uses };
      if (used && replacement) await moveUses(tx, guarantorId, id, replacement.id);

      const [removed] = await tx
        .update(paymentMethods)
        .set({ removedAt: new Date(), isDefault: false, updatedAt: new Date() })
        .where(eq(paymentMethods.id, id))
        .returning();
      if (!removed) throw new Error('The payment method was not removed');
      if (method.isDefault) await handDefaultOn(tx, guarantorId, replacement?.id);
      return { removed, moved: uses };
    });
  }

  // ------------------------------------------------------------ card setups

  /** Writes a setup under its key; an earlier setup with the key is answered instead. */
  async claimSetup(setup: {
    id: string;
    guarantorId: string;
    idempotencyKey: string;
    holder: Holder;
    consentText: string;
    consentLanguage: Language;
  }): Promise<{ setup: CardSetupRow; created: boolean }> {
    const [created] = await this.db
      .insert(cardSetups)
      .values({ ...setup, status: 'open' })
      .onConflictDoNothing({ target: [cardSetups.guarantorId, cardSetups.idempotencyKey] })
      .returning();
    if (created) return { setup: created, created: true };
    const [existing] = await this.db
      .select()
      .from(cardSetups)
      .where(
        and(
          eq(cardSetups.guarantorId, setup.guarantorId),
          eq(cardSetups.idempotencyKey, setup.idempotencyKey),
        ),
      );
    if (!existing) throw new Error('A card setup key conflicted, yet no setup holds it');
    return { setup: existing, created: false };
  }

  async findSetup(guarantorId: string, id: string): Promise<CardSetupRow | undefined> {
    const [row] = await this.db
      .select()
      .from(cardSetups)
      .where(and(eq(cardSetups.guarantorId, guarantorId), eq(cardSetups.id, id)));
    return row;
  }

  async setupSession(id: string, lightboxToken: string): Promise<void> {
    await this.db
      .update(cardSetups)
      .set({ lightboxToken })
      .where(and(eq(cardSetups.id, id), isNull(cardSetups.lightboxToken)));
  }

  async setupFailed(id: string): Promise<void> {
    await this.db
      .update(cardSetups)
      .set({ status: 'failed' })
      .where(and(eq(cardSetups.id, id), eq(cardSetups.status, 'open')));
  }

  async findById(id: string): Promise<PaymentMethodRow | undefined> {
    const [row] = await this.db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
    return row;
  }

  // ---------------------------------------------------------------- reseal

  /** Sealed bank accounts not under `keyId`, oldest first, a batch at a time. */
  sealedNotUnder(keyId: string, limit: number, afterId = '') {
    return this.db
      .select({
        id: paymentMethods.id,
        bankSealed: paymentMethods.bankSealed,
        bankKeyId: paymentMethods.bankKeyId,
      })
      .from(paymentMethods)
      .where(
        and(
          isNotNull(paymentMethods.bankSealed),
          ne(paymentMethods.bankKeyId, keyId),
          sql`${paymentMethods.id} > ${afterId}`,
        ),
      )
      .orderBy(asc(paymentMethods.id))
      .limit(limit);
  }

  /** Replaces one seal, only if it is still the one read (a concurrent reseal wins otherwise). */
  async replaceSeal(
    id: string,
    previous: string,
    next: { sealed: string; keyId: string },
  ): Promise<boolean> {
    const changed = await this.db
      .update(paymentMethods)
      .set({ bankSealed: next.sealed, bankKeyId: next.keyId })
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.bankSealed, previous)))
      .returning({ id: paymentMethods.id });
    return changed.length > 0;
  }
}

async function linkSaved(tx: Transaction, methodId: string, links: SaveLinks): Promise<void> {
  if (links.cardSetupId) {
    await tx
      .update(cardSetups)
      .set({ status: 'saved', paymentMethodId: methodId })
      .where(eq(cardSetups.id, links.cardSetupId));
  }
  if (links.paymentId) {
    await tx
      .update(payments)
      .set({ paymentMethodId: methodId })
      .where(eq(payments.id, links.paymentId));
  }
}

async function usesIn(tx: Transaction, guarantorId: string, methodId: string): Promise<MethodUses> {
  const [plans, statement] = await Promise.all([
    tx
      .select({
        id: paymentPlans.id,
        planNumber: paymentPlans.planNumber,
        version: paymentPlans.version,
      })
      .from(paymentPlans)
      .where(
        and(
          eq(paymentPlans.guarantorId, guarantorId),
          eq(paymentPlans.autopayMethodId, methodId),
          isNull(paymentPlans.closedAt),
        ),
      )
      .orderBy(asc(paymentPlans.planNumber))
      .for('update'),
    tx
      .select({ id: statementAutopay.id })
      .from(statementAutopay)
      .where(
        and(
          eq(statementAutopay.guarantorId, guarantorId),
          eq(statementAutopay.paymentMethodId, methodId),
          isNull(statementAutopay.cancelledAt),
        ),
      )
      .for('update'),
  ]);
  return { plans, statementAutopay: statement.length > 0 };
}

async function moveUses(
  tx: Transaction,
  guarantorId: string,
  from: string,
  to: string,
): Promise<void> {
  await tx
    .update(paymentPlans)
    .set({ autopayMethodId: to, updatedAt: new Date() })
    .where(and(eq(paymentPlans.guarantorId, guarantorId), eq(paymentPlans.autopayMethodId, from)));
  await tx
    .update(statementAutopay)
    .set({ paymentMethodId: to })
    .where(
      and(
        eq(statementAutopay.guarantorId, guarantorId),
        eq(statementAutopay.paymentMethodId, from),
        isNull(statementAutopay.cancelledAt),
      ),
    );
}

/** The default goes to the replacement, else to the newest live method left. */
async function handDefaultOn(
  tx: Transaction,
  guarantorId: string,
  preferred: string | undefined,
): Promise<void> {
  const [next] = preferred
    ? [{ id: preferred }]
    : await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(live(guarantorId))
        .orderBy(desc(paymentMethods.createdAt))
        .limit(1);
  if (!next) return;
  await tx
    .update(paymentMethods)
    .set({ isDefault: true, updatedAt: new Date() })
    .where(eq(paymentMethods.id, next.id));
}
