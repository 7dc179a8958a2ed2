import { useEffect, useRef, useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { GuarantorSearchResult } from '@webpay/contracts/office';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useMessages } from '@/lib/messages.ts';
import { Loading, PageHeading, QueryError } from '../../../components/page-parts.tsx';
import { guarantorSearchQueryOptions } from '../api/search-guarantors.ts';
import { searchMessages } from '../guarantors.messages.ts';
import { moveBetweenResults } from '../utils/result-keys.ts';
import { SearchResults } from './search-results.tsx';

/** Typing pauses this long before the search runs; Enter runs it at once. */
const TYPING_PAUSE_MS = 250;

export interface SearchPageProps {
  /** The search in the address, so a result's page can come back to it. */
  query: string;
  onQueryChange: (query: string) => void;
}

/** Find a guarantor: one box, focused on arrival, results as the staff member types. */
export function SearchPage({ query, onQueryChange }: SearchPageProps) {
  const t = useMessages(searchMessages);
  const [text, setText] = useState(query);
  const field = useRef<HTMLInputElement>(null);
  const search = useQuery(guarantorSearchQueryOptions(query));

  useEffect(() => field.current?.focus(), []);
  useEffect(() => {
    if (text.trim() === query) return;
    const timer = window.setTimeout(() => onQueryChange(text.trim()), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text, query, onQueryChange]);

  return (
    <>
      <PageHeading>{t.title}</PageHeading>
      <form
        role="search"
        className="mb-4 flex max-w-2xl flex-col gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          onQueryChange(text.trim());
        }}
      >
        <Label htmlFor="guarantor-search">{t.label}</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={field}
            id="guarantor-search"
            type="search"
            autoComplete="off"
            spellCheck={false}
            aria-describedby="guarantor-search-hint"
            className="pl-9"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={moveBetweenResults}
          />
        </div>
        <p id="guarantor-search-hint" className="text-xs text-muted-foreground">
          {t.hint}
        </p>
      </form>
      <SearchOutcome query={query} search={search} />
    </>
  );
}

function SearchOutcome({
  query,
  search,
}: {
  query: string;
  search: UseQueryResult<GuarantorSearchResult>;
}) {
  const t = useMessages(searchMessages);
  if (query === '') return null;
  if (search.isError)
    return <QueryError error={search.error} onRetry={() => void search.refetch()} />;
  if (!search.data) return <Loading />;
  const { hits, more } = search.data;
  // The last search's results stay while this one loads; they are marked as such, so no
  // one takes them for this search's.
  const stale = search.isPlaceholderData;
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="text-sm text-muted-foreground">
        {stale ? t.searching : hits.length === 0 ? t.noResults(query) : t.count(hits.length)}
        {!stale && more && ` ${t.more}`}
      </p>
      {hits.length > 0 && (
        <div aria-busy={stale} className={stale ? 'opacity-60 transition-opacity' : undefined}>
          <SearchResults hits={hits} />
        </div>
      )}
    </div>
  );
}
