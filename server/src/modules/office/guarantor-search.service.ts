import type { GuarantorSearchHit, GuarantorSearchResult } from '@webpay/contracts/office';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { GuarantorMatch, GuarantorSearchRepository } from './guarantor-search.repository.ts';
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
    const terms = searchTerms(query);
    const found = await this.repository.find(terms, MAX_SEARCH_HITS + 1);
    const hits = new Map<string, GuarantorSearchHit>();
    for (const [key, matches] of found) {
      for (const match of matches) {
        if (!hits.has(match.guarantorId)) hits.set(match.guarantorId, toHit(match, key));
      }
    }
    const all = [...hits.values()];
    await this.audit.record(context, {
      action: 'office.guarantors.searched',
      outcome: 'success',
      actorType: 'staff',
      actorId: actor.staffId,
      details: { keys: found.map(([key]) => key), hits: Math.min(all.length, MAX_SEARCH_HITS) },
    });
    return { hits: all.slice(0, MAX_SEARCH_HITS), more: all.length > MAX_SEARCH_HITS };
  }
}
