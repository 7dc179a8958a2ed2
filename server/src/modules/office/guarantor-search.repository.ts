import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { GuarantorSearchHit } from '@webpay/contracts/office';
import type { Database } from '../../db/client.ts';
import { encounters, guarantors, payments, pendingPayments, receipts } from '../../db/schema.ts';
import { foldedName, phoneDigits } from '../../db/search-expressions.ts';
import type { SearchTerms } from './search-terms.ts';

export type SearchKey = GuarantorSearchHit['matchedOn'];

export interface GuarantorMatch {
  guarantorId: string;
  accountNumber: string;
  firstName: string;
  lastName: string;
  birthdate: string | null;
  email: string | null;
  phone: string | null;
}

const MATCH_COLUMNS = {
  guarantorId: guarantors.id,
  accountNumber: guarantors.accountNumber,
  firstName: guarantors.firstName,
  lastName: guarantors.lastName,
  birthdate: guarantors.birthdate,
  email: guarantors.email,
  phone: guarantors.supportPhone,
};

/** `%`, `_` and `\` match themselves in a LIKE pattern only when escaped. */
function startsWith(expression: SQL, prefix: string): SQL {
  return sql`${expression} like ${`${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`}`;
}

/**
 * The ways words can name someone, each a condition led by one indexed
 * prefix and the order of that index: one word begins the first or the last
 * name; several are the first name then the last, or the last then the
 * first ("Garcia, Maria").
 */
function nameLookups(words: readonly string[]): { where: SQL; orderBy: SQL }[] {
  const first = foldedName(guarantors.firstName);
  const last = foldedName(guarantors.lastName);
  const [only] = words;
  if (words.length === 1 && only) {
    return [
      { where: startsWith(first, only), orderBy: first },
      { where: startsWith(last, only), orderBy: last },
    ];
  }
  const head = words[0] ?? '';
  const lastWord = words[words.length - 1] ?? '';
  return [
    {
      where: and(startsWith(first, head), startsWith(last, words.slice(1).join(' '))) as SQL,
      orderBy: last,
    },
    {
      where: and(
        startsWith(first, lastWord),
        startsWith(last, words.slice(0, -1).join(' ')),
      ) as SQL,
      orderBy: last,
    },
  ];
}

const byName = (a: GuarantorMatch, b: GuarantorMatch) =>
  a.lastName.localeCompare(b.lastName) ||
  a.firstName.localeCompare(b.firstName) ||
  a.guarantorId.localeCompare(b.guarantorId);

/**
 * One indexed lookup per key. Each answers at most `limit` guarantors, so
 * a common name never reads more than a page.
 */
export class GuarantorSearchRepository {
  constructor(private readonly db: Database) {}

  private byCondition(condition: SQL | undefined, limit: number): Promise<GuarantorMatch[]> {
    return this.db
      .select(MATCH_COLUMNS)
      .from(guarantors)
      .where(condition)
      .orderBy(asc(guarantors.lastName), asc(guarantors.firstName), asc(guarantors.id))
      .limit(limit);
  }

  /** Each key the terms hold, with the guarantors it matched, in SEARCH_KEYS order. */
  async find(terms: SearchTerms, limit: number): Promise<[SearchKey, GuarantorMatch[]][]> {
    const lookups: [SearchKey, Promise<GuarantorMatch[]>][] = [];
    if (terms.accountNumber) {
      lookups.push([
        'accountNumber',
        this.byCondition(eq(guarantors.accountNumber, terms.accountNumber), limit),
      ]);
    }
    if (terms.nameWords) lookups.push(['name', this.byName(terms.nameWords, limit)]);
    if (terms.birthdate) {
      lookups.push([
        'birthdate',
        this.byCondition(eq(guarantors.birthdate, terms.birthdate), limit),
      ]);
    }
    if (terms.email) {
      const email = sql`lower(${guarantors.email}) = ${terms.email}`;
      lookups.push(['email', this.byCondition(email, limit)]);
    }
    if (terms.phoneDigits) {
      const phone = sql`${phoneDigits(guarantors.supportPhone)} in (${sql.join(
        terms.phoneDigits.map((digits) => sql`${digits}`),
        sql`, `,
      )})`;
      lookups.push(['phone', this.byCondition(phone, limit)]);
    }
    if (terms.receiptNumber) {
      lookups.push(['receiptNumber', this.byReceipt(terms.receiptNumber, limit)]);
    }
    if (terms.encounter) lookups.push(['encounterId', this.byEncounter(terms.encounter, limit)]);
    const found = await Promise.all(lookups.map(([, lookup]) => lookup));
    return lookups.map(([key], index) => [key, found[index] ?? []]);
  }

  /**
   * Each way the words can name someone, read in its index's order so only
   * `limit` rows are read, however common the name; then put together.
   */
  private async byName(words: readonly string[], limit: number): Promise<GuarantorMatch[]> {
    const found = await Promise.all(
      nameLookups(words).map(({ where, orderBy }) =>
        this.db
          .select(MATCH_COLUMNS)
          .from(guarantors)
          .where(where)
          .orderBy(asc(orderBy), asc(guarantors.id))
          .limit(limit),
      ),
    );
    const unique = new Map(found.flat().map((match) => [match.guarantorId, match]));
    return [...unique.values()].sort(byName).slice(0, limit);
  }

  /**
   * A receipt of the portal's, or a payment the billing system received
   * elsewhere: the guarantors are found first, each by its own index.
   */
  private async byReceipt(receiptNumber: string, limit: number): Promise<GuarantorMatch[]> {
    const [portal, elsewhere] = await Promise.all([
      this.db
        .select({ guarantorId: payments.guarantorId })
        .from(receipts)
        .innerJoin(payments, eq(payments.id, receipts.paymentId))
        .where(eq(receipts.receiptId, receiptNumber)),
      this.db
        .select({ guarantorId: pendingPayments.guarantorId })
        .from(pendingPayments)
        .where(eq(pendingPayments.receiptId, receiptNumber))
        .limit(limit),
    ]);
    const ids = [...new Set([...portal, ...elsewhere].map((row) => row.guarantorId))];
    return ids.length === 0 ? [] : this.byCondition(inArray(guarantors.id, ids), limit);
  }

  private byEncounter(
    encounter: NonNullable<SearchTerms['encounter']>,
    limit: number,
  ): Promise<GuarantorMatch[]> {
    const matching = this.db
      .select({ guarantorId: encounters.guarantorId })
      .from(encounters)
      .where(
        and(
          eq(encounters.accountNumber, encounter.accountNumber),
          encounter.facilityId ? eq(encounters.facilityId, encounter.facilityId) : undefined,
        ),
      );
    return this.byCondition(sql`${guarantors.id} in (${matching})`, limit);
  }
}
