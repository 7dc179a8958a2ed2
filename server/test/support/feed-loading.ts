// What a benchmark needs to load billing feeds and guarantors of any size.
export { guarantors } from '../../src/db/schema.ts';
export { hashPin } from '../../src/lib/secrets.ts';
export { BillingFeedService } from '../../src/modules/billing-feed/billing-feed.service.ts';
export {
  feedAmount,
  feedHeader,
  feedText,
  type FeedLine,
} from '../../src/modules/billing-feed/feed-writer.ts';
