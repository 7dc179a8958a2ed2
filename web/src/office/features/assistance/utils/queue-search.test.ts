import { describe, expect, it } from 'vitest';
import type { QueueItem } from '@webpay/contracts/assistance-application';
import {
  nextSort,
  queueFilters,
  queueQueryString,
  queueSearch,
  sortQueue,
} from './queue-search.ts';

const item = (reference: string, ageDays: number, windowDaysLeft: number): QueueItem => ({
  reference,
  status: 'submitted',
  guarantorId: 'g-1',
  guarantorName: 'María García',
  accountNumber: '100200300',
  facilityId: '107',
  facilityName: 'Hospitals & Clinics',
  submittedAt: '2026-11-01T15:00:00.000Z',
  ageDays,
  windowDaysLeft,
  totalBalanceCents: 10_000,
  awaitingSecondReview: false,
});

describe("the financial assistance queue's address", () => {
  it('keeps the filters and the sort that can be asked for, and drops the rest', () => {
    expect(
      queueSearch({ status: 'approved', facility: 107, sort: 'age', order: 'desc', other: 1 }),
    ).toEqual({ status: 'approved', facility: '107', sort: 'age', order: 'desc' });
    expect(queueSearch({ status: 'open', facility: 'lab', sort: 'name', order: 'desc' })).toEqual(
      {},
    );
    expect(queueSearch({ sort: 'days-left', order: 'sideways' })).toEqual({
      sort: 'days-left',
      order: 'asc',
    });
  });

  it('asks for the open applications unless a status is chosen, in one order', () => {
    expect(queueQueryString(queueFilters({}))).toBe('status=open');
    expect(queueQueryString(queueFilters({ facility: '153', status: 'denied', sort: 'age' }))).toBe(
      'status=denied&facilityId=153',
    );
  });

  it('sorts ascending first, then descending, ties in the order the service gave', () => {
    const items = [item('A', 5, 10), item('B', 30, -2), item('C', 5, 100)];
    const byAge = nextSort({}, 'age');
    expect(byAge).toEqual({ sort: 'age', order: 'asc' });
    expect(sortQueue(items, byAge).map((row) => row.reference)).toEqual(['A', 'C', 'B']);
    const byAgeDown = nextSort(byAge, 'age');
    expect(byAgeDown.order).toBe('desc');
    expect(sortQueue(items, byAgeDown).map((row) => row.reference)).toEqual(['B', 'A', 'C']);
    expect(sortQueue(items, nextSort(byAgeDown, 'days-left')).map((row) => row.reference)).toEqual([
      'B',
      'A',
      'C',
    ]);
    expect(sortQueue(items, {}).map((row) => row.reference)).toEqual(['A', 'B', 'C']);
  });
});
