import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { GuarantorSearchHit } from '@webpay/contracts/office';
import type { Database } from '../../db/client.ts';
import { encounters, guarantors, payments, pendingPayments, receipts } from '../../db/schema.ts';
import { foldedName, phoneDigits } from '../../db/search-expressions.ts';
import { staffReadStatement, type StaffReadSpec, type StaffSessionRead } from '../staff/index.ts';
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

/** A match's columns under the names GuarantorMatch gives them, for the JSON of each lookup. */
const MATCH_FIELDS = {
  guarantorId: sql<string>`${guarantors.id}`.as('guarantorId'),
  accountNumber: sql<string>`${guarantors.accountNumber}`.as('accountNumber'),
  firstName: sql<string>`${guarantors.firstName}`.as('firstName'),
  lastName: sql<string>`${guarantors.lastName}`.as('lastName'),
  birthdate: sql<string | null>`${guarantors.birthdate}`.as('birthdate'),
  email: sql<string | null>`${guarantors.email}`.as('email'),
  phone: sql<string | null>`${guarantors.supportPhone}`.as('phone'),
};

/** Each key the terms hold, with what each of its lookups matched, in SEARCH_KEYS order. */
export type FoundLookups = [SearchKey, GuarantorMatch[][]][];

/** A lookup's matches as one JSON array, by name (as byCondition orders them). */
const asJson = (lookup: SQLWrapper) =>
  sql`(select coalesce(json_agg(found order by found."lastName", found."firstName", found."guarantorId"), '[]'::json)
      from (${lookup}) found)`;

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

/** Each way the words can name someone, put together: each guarantor once, by name, `limit` at most. */
function mergedNames(lookups: GuarantorMatch[][], limit: number): GuarantorMatch[] {
  const unique = new Map(lookups.flat().map((match) => [match.guarantorId, match]));
  return [...unique.values()].sort(byName).slice(0, limit);
}

/** Each key with the guarantors it matched, from the lookups' JSON. */
export function matchesOf(found: FoundLookups, limit: number): [SearchKey, GuarantorMatch[]][] {
  return found.map(([key, lookups]) => [
    key,
    key === 'name' ? mergedNames(lookups, limit) : (lookups[0] ?? []),
  ]);
}

/**
 * One indexed lookup per key, all in one statement (one JSON value). Each
 * answers at most `limit` guarantors, so a common name never reads more
 * than a page.
 */
export class GuarantorSearchRepository {
  constructor(private readonly db: Database) {}

  private byCondition(condition: SQL | undefined, limit: number) {
    return this.db
      .select(MATCH_FIELDS)
      .from(guarantors)
      .where(condition)
      .orderBy(asc(guarantors.lastName), asc(guarantors.firstName), asc(guarantors.id))
      .limit(limit);
  }

  /** Each key the terms hold, with the guarantors it matched, in SEARCH_KEYS order. */
  async find(terms: SearchTerms, limit: number): Promise<[SearchKey, GuarantorMatch[]][]> {
    const { rows } = await this.db.execute<{ found: FoundLookups }>(
      sql`select ${this.lookups(terms, limit).json} as found`,
    );
    return matchesOf(rows[0]?.found ?? [], limit);
  }

  /** A console read of these lookups in one trip with the staff session check. */
  staffRead(spec: StaffReadSpec): StaffSessionRead<FoundLookups> {
    return staffReadStatement(this.db, spec);
  }

  /** The keys the terms hold, in SEARCH_KEYS order, and their lookups as one JSON value. */
  lookups(terms: SearchTerms, limit: number): { keys: SearchKey[]; json: SQL<FoundLookups> } {
    const lookups: [SearchKey, SQLWrapper[]][] = [];
    if (terms.accountNumber) {
      lookups.push([
        'accountNumber',
        [this.byCondition(eq(guarantors.accountNumber, terms.accountNumber), limit)],
      ]);
    }
    if (terms.nameWords) lookups.push(['name', this.byName(terms.nameWords, limit)]);
    if (terms.birthdate) {
      lookups.push([
        'birthdate',
        [this.byCondition(eq(guarantors.birthdate, terms.birthdate), limit)],
      ]);
    }
    if (terms.email) {
      const email = sql`lower(${guarantors.email}) = ${terms.email}`;
      lookups.push(['email', [this.byCondition(email, limit)]]);
    }
    if (terms.phoneDigits) {
      const phone = sql`${phoneDigits(guarantors.supportPhone)} in (${sql.join(
        terms.phoneDigits.map((digits) => sql`${digits}`),
        sql`, `,
      )})`;
      lookups.push(['phone', [this.byCondition(phone, limit)]]);
    }
    if (terms.receiptNumber) {
      lookups.push(['receiptNumber', [this.byReceipt(terms.receiptNumber, limit)]]);
    }
    if (terms.encounter) lookups.push(['encounterId', [this.byEncounter(terms.encounter, limit)]]);
    const json = sql<FoundLookups>`json_build_array(${sql.join(
      lookups.map(
        ([key, queries]) =>
          sql`json_build_array(${key}::text, json_build_array(${sql.join(queries.map(asJson), sql`, `)}))`,
      ),
      sql`, `,
    )})`;
    return { keys: lookups.map(([key]) => key), json };
  }

  /**
   * Each way the words can name someone, read in its index's order so only
   * `limit` rows are read, however common the name; put together by
   * mergedNames.
   */
  private byName(words: readonly string[], limit: number): SQLWrapper[] {
    return nameLookups(words).map(({ where, orderBy }) =>
      this.db
        .select(MATCH_FIELDS)
        .from(guarantors)
        .where(where)
        .orderBy(asc(orderBy), asc(guarantors.id))
        .limit(limit),
    );
  }

  /**
   * A receipt of the portal's, or a payment the billing system received
   * elsewhere: the guarantors are found first, each by its own index.
   */
  private byReceipt(receiptNumber: string, limit: number): SQLWrapper {
    const portal = this.db
      .select({ guarantorId: payments.guarantorId })
      .from(receipts)
      .innerJoin(payments, eq(payments.id, receipts.paymentId))
      .where(eq(receipts.receiptId, receiptNumber));
    const elsewhere = this.db
      .select({ guarantorId: pendingPayments.guarantorId })
      .from(pendingPayments)
      .where(eq(pendingPayments.receiptId, receiptNumber))
      .limit(limit);
    return this.byCondition(sql`${guarantors.id} in ((${portal}) union (${elsewhere}))`, limit);
  }

  private byEncounter(encounter: NonNullable<SearchTerms['encounter']>, limit: number): SQLWrapper {
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
