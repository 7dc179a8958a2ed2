import {
  APPLICATION_STATUSES,
  queueQuerySchema,
  type QueueItem,
  type QueueQuery,
} from '@webpay/contracts/assistance-application';
import { facilityIdSchema } from '@webpay/contracts/facilities';

/** What the service is asked for: a status ('open' unless chosen) and perhaps a facility. */
export type QueueFilters = QueueQuery;

export const QUEUE_STATUS_FILTERS = ['open', ...APPLICATION_STATUSES] as const;
export type QueueStatusFilter = (typeof QUEUE_STATUS_FILTERS)[number];

export const SORT_COLUMNS = ['age', 'days-left'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortOrder = 'asc' | 'desc';

/**
 * The queue as the address holds it, so a filtered, sorted queue can be
 * linked and Back returns to it. The default status ('open') and the
 * service's own order are left out.
 */
export interface QueueSearch {
  status?: Exclude<QueueStatusFilter, 'open'>;
  facility?: string;
  sort?: SortColumn;
  order?: SortOrder;
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/** The address's search read back; a value that could not be asked for (edited by hand) is dropped. */
export function queueSearch(search: Record<string, unknown>): QueueSearch {
  const kept: QueueSearch = {};
  if (isOneOf(APPLICATION_STATUSES, search.status)) kept.status = search.status;
  // The router reads "107" from the address as a number.
  const facility = typeof search.facility === 'number' ? String(search.facility) : search.facility;
  if (typeof facility === 'string' && facilityIdSchema.safeParse(facility).success) {
    kept.facility = facility;
  }
  if (isOneOf(SORT_COLUMNS, search.sort)) {
    kept.sort = search.sort;
    kept.order = search.order === 'desc' ? 'desc' : 'asc';
  }
  return kept;
}

export function queueFilters(search: QueueSearch): QueueFilters {
  return queueQuerySchema.parse({ status: search.status, facilityId: search.facility });
}

/** The filters as the service's query string, always in one order so equal filters share a cache entry. */
export function queueQueryString(filters: QueueFilters): string {
  const params = new URLSearchParams({ status: filters.status });
  if (filters.facilityId !== undefined) params.set('facilityId', filters.facilityId);
  return params.toString();
}

/** A column header's next sort: ascending first, then descending. */
export function nextSort(search: QueueSearch, column: SortColumn): QueueSearch {
  const order: SortOrder = search.sort === column && search.order === 'asc' ? 'desc' : 'asc';
  return { ...search, sort: column, order };
}

const SORT_KEYS: Record<SortColumn, (item: QueueItem) => number> = {
  age: (item) => item.ageDays,
  'days-left': (item) => item.windowDaysLeft,
};

/** The rows in the chosen order; ties keep the service's order. Without a sort, the service's. */
export function sortQueue(items: readonly QueueItem[], search: QueueSearch): QueueItem[] {
  const { sort, order } = search;
  if (!sort) return [...items];
  const key = SORT_KEYS[sort];
  const direction = order === 'desc' ? -1 : 1;
  return [...items].sort((a, b) => (key(a) - key(b)) * direction);
}
