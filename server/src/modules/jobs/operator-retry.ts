import type { Database } from '../../db/client.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { AuditRepository } from '../audit/index.ts';
import type { FailedJob, JobEngine } from './job-engine.ts';

/**
 * The operator puts failed jobs back (`webpay jobs --retry`). Each job put
 * back is an audit event written in the same transaction as the retry, so
 * the trail shows every retry that happened and none that did not.
 */
export async function retryFailedJobs(
  db: Database,
  jobs: JobEngine,
  queue: string,
  ids: readonly string[],
  context: RequestContext,
): Promise<FailedJob[]> {
  return db.transaction(async (tx) => {
    const retried = await jobs.retry(queue, ids, { tx });
    const audit = new AuditRepository(tx);
    for (const job of retried) {
      await audit.record(context, {
        action: 'jobs.retry',
        outcome: 'success',
        actorType: 'operator',
        targetType: 'job',
        targetId: job.id,
        // The error is left out: a mail server's refusal may quote an address.
        details: {
          queue,
          createdOn: job.createdOn.toISOString(),
          failedOn: job.failedOn?.toISOString() ?? null,
          retryCount: job.retryCount,
        },
      });
    }
    return retried;
  });
}
