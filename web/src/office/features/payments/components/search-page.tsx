import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { PaymentSearchResult } from '@webpay/contracts/payment-desk';
import { Link } from '@tanstack/react-router';
import { useMessages } from '@/lib/messages.ts';
import { Loading, PageHeading, QueryError } from '../../../components/page-parts.tsx';
import { paymentSearchQueryOptions } from '../api/search-payments.ts';
import { searchMessages } from '../payments.messages.ts';
import { hasCriteria, type PaymentSearch } from '../utils/search-params.ts';
import { ApprovalsBadge } from './approvals-badge.tsx';
import { SearchForm } from './search-form.tsx';
import { PaymentResults } from './search-results.tsx';

export interface PaymentSearchPageProps {
  /** The search in the address, so results can be linked and Back returns to them. */
  search: PaymentSearch;
  onSearch: (search: PaymentSearch) => void;
}

function ApprovalsLink() {
  const t = useMessages(searchMessages);
  return (
    <Link
      to="/approvals"
      className="inline-flex items-center gap-2 text-sm font-medium underline underline-offset-4"
    >
      {t.approvals}
      <ApprovalsBadge />
    </Link>
  );
}

/** Find a payment by receipt, period, amount, card or account digits, method, status or facility. */
export function PaymentSearchPage({ search, onSearch }: PaymentSearchPageProps) {
  const t = useMessages(searchMessages);
  const query = useQuery(paymentSearchQueryOptions(search));
  return (
    <>
      <PageHeading actions={<ApprovalsLink />}>{t.title}</PageHeading>
      {/* A new search from the address (Back, a link) starts the form afresh. */}
      <SearchForm key={JSON.stringify(search)} search={search} onSearch={onSearch} />
      {hasCriteria(search) ? (
        <Outcome query={query} />
      ) : (
        <p className="text-sm text-muted-foreground">{t.start}</p>
      )}
    </>
  );
}

function Outcome({ query }: { query: UseQueryResult<PaymentSearchResult> }) {
  const t = useMessages(searchMessages);
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  const { hits, more } = query.data;
  const stale = query.isPlaceholderData;
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="text-sm text-muted-foreground">
        {hits.length === 0 ? t.noResults : t.count(hits.length)}
        {more && ` ${t.more}`}
      </p>
      {hits.length > 0 && (
        <div aria-busy={stale} className={stale ? 'opacity-60 transition-opacity' : undefined}>
          <PaymentResults hits={hits} />
        </div>
      )}
    </div>
  );
}
