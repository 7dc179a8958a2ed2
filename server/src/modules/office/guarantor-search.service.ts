import { sql, type SQL } from 'drizzle-orm';
import type { GuarantorSearchHit, GuarantorSearchResult } from '@webpay/contracts/office';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { StaffReader } from '../staff/index.ts';
import {
  matchesOf,
  type GuarantorMatch,
  type GuarantorSearchRepository,
  type SearchKey,
} from './guarantor-search.repository.ts';
import type { StaffActor } from './staff-actor.ts';
import { searchTerms } from './search-terms.ts';

/** Hits a search answers at most (issue #23). */
export const MAX_SEARCH_HITS = 50;

function toHit(
  match: GuarantorMatch,
  matchedOn: GuarantorSearchHit['matchedOn'],
): GuarantorSearchHit {
  return {
    guarantorId: match.guarantorId,
    accountNumber: match.accountNumber,
    name: `${match.firstName} ${match.lastName}`.trim(),
    birthdate: match.birthdate,
    email: match.email,
    phone: match.phone,
    matchedOn,
  };
}

/** Guarantors matching one search box, each once, under the first key it matched. */
function resultOf(found: [SearchKey, GuarantorMatch[]][]): GuarantorSearchResult {
  const hits = new Map<string, GuarantorSearchHit>();
  for (const [key, matches] of found) {
    for (const match of matches) {
      if (!hits.has(match.guarantorId)) hits.set(match.guarantorId, toHit(match, key));
    }
  }
  const all = [...hits.values()];
  return { hits: all.slice(0, MAX_SEARCH_HITS), more: all.length > MAX_SEARCH_HITS };
}

const SEARCHED = 'office.guarantors.searched';

/**
 * The search's audit row from the lookups' JSON, in the words `search`
 * writes it: the keys and how many guarantors were found, at most the
 * hits answered.
 */
function searchedRow(keys: readonly SearchKey[]) {
  return (found: SQL) => sql`select null::text as guarantor_id, ${SEARCHED}::text as action,
      'success'::text as outcome, null::text as target_type, null::text as target_id,
      jsonb_build_object('keys', ${JSON.stringify(keys)}::jsonb, 'hits', least(${MAX_SEARCH_HITS}::integer, (
        select count(distinct match->>'guarantorId')
        from json_array_elements(${found}) entry,
          json_array_elements(entry->1) lookup,
          json_array_elements(lookup) match
      ))) as details`;
}

export class GuarantorSearchService {
  constructor(
    private readonly repository: GuarantorSearchRepository,
    private readonly audit: AuditRepository,
  ) {}

  /**
   * Guarantors matching one search box, each once, under the first key it
   * matched (the order of SEARCH_KEYS). The search itself is audited: what
   * was typed can be a patient's name or birthdate, so only which keys it
   * was read as and how many matched are kept.
   */
  async search(
    query: string,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<GuarantorSearchResult> {
    const found = await this.repository.find(searchTerms(query), MAX_SEARCH_HITS + 1);
    const result = resultOf(found);
    await this.audit.record(context, {
      action: SEARCHED,
      outcome: 'success',
      actorType: 'staff',
      actorId: actor.staffId,
      details: { keys: found.map(([key]) => key), hits: result.hits.length },
    });
    return result;
  }

  /**
   * The same search and audit row as `search`, made in one trip with the
   * staff session and role checks (staff-session-read.ts). Planned with its
   * values each time: which lookups run follows what was typed, and a name
   * prefix finds its index only when planned with the prefix itself.
   */
  async searchAsStaff(query: string, read: StaffReader): Promise<GuarantorSearchResult> {
    const { keys, json } = this.repository.lookups(searchTerms(query), MAX_SEARCH_HITS + 1);
    const found = await read(
      this.repository.staffRead({ permission: 'read', payload: json, audit: searchedRow(keys) }),
    );
    return resultOf(matchesOf(found, MAX_SEARCH_HITS + 1));
  }
}
