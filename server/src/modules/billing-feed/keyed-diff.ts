/*
 * The comparison every feed entity shares: the rows the feed wants are
 * matched to the rows already there by the billing system's key, written
 * only when new or different, and the open rows the feed no longer lists
 * are closed.
 */

export interface EntityCounts {
  created: number;
  updated: number;
  unchanged: number;
  /** Encounters and plans no longer in the feed; for pending payments: applied. */
  closed: number;
}

export const noCounts = (): EntityCounts => ({ created: 0, updated: 0, unchanged: 0, closed: 0 });

export interface KeyedMatch<Existing> {
  /** The existing row's id, or a new one for a row the database does not hold yet. */
  id: string;
  current: Existing | undefined;
}

export interface KeyedDiff<Existing extends { id: string }, Wanted> {
  existing: readonly Existing[];
  wanted: readonly Wanted[];
  existingKey: (row: Existing) => string;
  wantedKey: (row: Wanted) => string;
  /** Whether an open existing row already holds what the feed wants. */
  same: (current: Existing, wanted: Wanted) => boolean;
  /** Writes a wanted row that is new, differs, or is closed and comes back. */
  write: (wanted: Wanted, match: KeyedMatch<Existing>) => void;
  /** Changes kept beside the row (a plan's schedule); true counts the row as updated. */
  besides?: (wanted: Wanted, match: KeyedMatch<Existing>) => boolean;
  /** Rows closed earlier; one the feed lists again is written, which reopens it. */
  isClosed?: (row: Existing) => boolean;
  /**
   * Closes an open row the feed no longer lists; without it such rows stay as
   * they are. Answering false keeps the row open (a portal plan awaiting the feed).
   */
  close?: (row: Existing) => unknown;
}

/** Counts one wanted row: created without a match, updated when anything changed. */
export function countRow(counts: EntityCounts, matched: boolean, changed: boolean): void {
  if (!matched) counts.created += 1;
  else if (changed) counts.updated += 1;
  else counts.unchanged += 1;
}

/** Applies the diff and returns the id each wanted key ends up with. */
export function diffKeyed<Existing extends { id: string }, Wanted>(
  diff: KeyedDiff<Existing, Wanted>,
  counts: EntityCounts,
  newId: () => string,
): Map<string, string> {
  const isClosed = diff.isClosed ?? (() => false);
  const byKey = new Map(diff.existing.map((row) => [diff.existingKey(row), row]));
  const ids = new Map<string, string>();
  for (const wanted of diff.wanted) {
    const key = diff.wantedKey(wanted);
    const current = byKey.get(key);
    const match = { id: current?.id ?? newId(), current };
    ids.set(key, match.id);
    const changed = !current || isClosed(current) || !diff.same(current, wanted);
    if (changed) diff.write(wanted, match);
    const besides = diff.besides?.(wanted, match) ?? false;
    countRow(counts, current !== undefined, changed || besides);
  }
  if (!diff.close) return ids;
  for (const [key, row] of byKey) {
    if (isClosed(row) || ids.has(key)) continue;
    if (diff.close(row) !== false) counts.closed += 1;
  }
  return ids;
}
