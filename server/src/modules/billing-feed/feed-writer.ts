import type { z } from 'zod';
import { centsToDecimal } from '../posting/index.ts';
import { FEED_FORMAT, FEED_VERSION, type feedRecordSchema } from './feed-records.ts';

/** A record as it is written in a feed file (amounts as decimal strings). */
export type FeedLine = z.input<typeof feedRecordSchema>;

/** One kind of record as it is written: `FeedRecordOf<'plan'>`. */
export type FeedRecordOf<K extends FeedLine['record']> = Extract<FeedLine, { record: K }>;

export type FeedHeaderLine = FeedRecordOf<'feed'>;

export function feedHeader(feedId: string, generatedAt: Date): FeedHeaderLine {
  return {
    record: 'feed',
    format: FEED_FORMAT,
    version: FEED_VERSION,
    feedId,
    generatedAt: generatedAt.toISOString(),
  };
}

/** Integer cents as the feed writes them: `1250.00`. */
export const feedAmount = (cents: number): string => centsToDecimal(cents);

/** The records as JSON Lines, each line ending in LF. */
export function feedText(records: Iterable<FeedLine>): string {
  let text = '';
  for (const record of records) text += `${JSON.stringify(record)}\n`;
  return text;
}
