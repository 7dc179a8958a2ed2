import { randomUUID } from 'node:crypto';
import type { Env } from '../env.ts';
import { FacilityCalendar } from '../lib/facility-day.ts';
import type { JobQueue } from '../modules/jobs/index.ts';
import type { RequestContext } from '../lib/request-context.ts';
import type { Services } from './services.ts';

/*
 * The service's schedules, kept by the job engine: each occurrence is one
 * job, run once by one of the servers however many there are. Hours are the
 * facility's (WEBPAY_TIME_ZONE). A queue of the `stately` policy holds at
 * most one waiting and one running job, so a slow run never piles up.
 */

type Tick = Record<string, never>;

export const RECONCILE_QUEUE: JobQueue<Tick> = {
  name: 'reconcile-payments',
  policy: 'stately',
  options: { retryLimit: 0, expireInSeconds: 15 * 60, deleteAfterSeconds: 24 * 60 * 60 },
};

export const STATEMENT_NOTICES_QUEUE: JobQueue<Tick> = {
  name: 'statement-notices',
  policy: 'stately',
  options: { retryLimit: 2, retryDelay: 300, expireInSeconds: 60 * 60 },
};

export const AUTOPAY_QUEUE: JobQueue<Tick> = {
  name: 'autopay',
  policy: 'stately',
  // No retry: a run left unfinished is finished by the next one, which charges nothing twice.
  options: { retryLimit: 0, expireInSeconds: 60 * 60, deleteAfterSeconds: 24 * 60 * 60 },
};

export const HOUSEKEEPING_QUEUE: JobQueue<Tick> = {
  name: 'housekeeping',
  policy: 'stately',
  options: { retryLimit: 0, expireInSeconds: 15 * 60, deleteAfterSeconds: 24 * 60 * 60 },
};

/** Expired one-time secrets are kept a day (for support questions), then deleted. */
const CHALLENGE_RETENTION_SECONDS = 24 * 60 * 60;

/**
 * Deletes long-expired one-time secrets, forgotten lockout counters and
 * unprinted PIN letters, and the files of financial assistance documents
 * past their retention after the decision.
 */
export async function housekeeping(services: Services, documentRetentionDays = 90): Promise<void> {
  await services.challenges.purgeExpired(CHALLENGE_RETENTION_SECONDS);
  await services.lockout.purgeStale();
  await services.office.pinLetters.purgeExpired();
  await services.assistanceDecisions.purgeDocuments(
    documentRetentionDays,
    scheduledContext(HOUSEKEEPING_QUEUE.name),
  );
}

/** Every 15 minutes: expired one-time secrets and forgotten lockout counters. */
const HOUSEKEEPING_SCHEDULE = '*/15 * * * *';

/** RECONCILE_INTERVAL_SECONDS as a recurrence rule; 0 keeps only the run at each server's start. */
export function reconcileSchedule(intervalSeconds: number): string | null {
  return intervalSeconds > 0 ? `FREQ=MINUTELY;INTERVAL=${intervalSeconds / 60}` : null;
}

function scheduledContext(queue: string): RequestContext {
  const requestId = `${queue}-${randomUUID()}`;
  return { requestId, correlationId: requestId, ipAddress: '' };
}

/** Declares the scheduled queues, what runs them and when. */
export function defineSchedules(services: Services, env: Env): void {
  const { jobs } = services;
  jobs.define(RECONCILE_QUEUE, async () => {
    const context = scheduledContext(RECONCILE_QUEUE.name);
    await services.reconcile.run({ graceSeconds: env.RECONCILE_GRACE_SECONDS }, context);
    // Then the desk's voids and refunds: those never answered, and those made at the processor.
    await services.paymentDesk.reconcile.run(
      { graceSeconds: env.RECONCILE_GRACE_SECONDS },
      context,
    );
  });
  jobs.scheduleOn(RECONCILE_QUEUE, reconcileSchedule(env.RECONCILE_INTERVAL_SECONDS));

  jobs.define(STATEMENT_NOTICES_QUEUE, async () => {
    await services.statementNotices.notify({}, scheduledContext(STATEMENT_NOTICES_QUEUE.name));
  });
  const notices = env.STATEMENT_NOTICES_SCHEDULE.trim();
  jobs.scheduleOn(STATEMENT_NOTICES_QUEUE, notices === 'off' ? null : notices);

  jobs.define(AUTOPAY_QUEUE, async () => {
    const today = new FacilityCalendar(env.WEBPAY_TIME_ZONE).dayOf();
    const context = scheduledContext(AUTOPAY_QUEUE.name);
    // Holds whose requested information is overdue lift first, so their charges resume today.
    await services.assistanceDecisions.releaseOverdue(today, context);
    await services.autopay.service.run(today, { dryRun: false, context });
  });
  const autopay = env.AUTOPAY_SCHEDULE.trim();
  jobs.scheduleOn(AUTOPAY_QUEUE, autopay === 'off' ? null : autopay);

  jobs.define(HOUSEKEEPING_QUEUE, () =>
    housekeeping(services, env.ASSISTANCE_DOCUMENT_RETENTION_DAYS),
  );
  jobs.scheduleOn(HOUSEKEEPING_QUEUE, HOUSEKEEPING_SCHEDULE);
}
