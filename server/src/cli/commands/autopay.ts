import { isoDateSchema } from '@webpay/contracts/dates';
import { FacilityCalendar } from '../../lib/facility-day.ts';
import { autopayReportLines } from '../../modules/autopay/index.ts';
import { operatorRequestContext } from '../operator-run.ts';
import { sendQueuedMail } from '../queued-mail.ts';
import type { Command } from '../command.ts';

export const autopayCommand: Command = {
  name: 'autopay',
  summary: "Send autopay notices and make the day's autopay charges",
  description: [
    "Recomputes the figures of the portal's payment plans, e-mails the notice of every autopay charge coming up (AUTOPAY_NOTICE_DAYS_FIXED days before a plan instalment, AUTOPAY_NOTICE_DAYS_VARIABLE before a statement's due date; a statement above its cap gets an e-mail asking to pay it by hand), then charges the saved card or bank account of every noticed charge whose day has come.",
    'Each charge is made once, however often the command runs and beside running servers (which run it on AUTOPAY_SCHEDULE): the payment is written before the processor is asked. A decline is e-mailed and tried again AUTOPAY_RETRY_DAYS later; a second decline marks the plan for the billing office. A charge whose answer was lost is left to `webpay reconcile`, and the next run marks it paid.',
    'Before charging, the hold of every financial assistance application whose requested information was not sent by its due date is lifted, with its written notices; charges paused by an open application wait.',
    'The day defaults to the facility’s today (WEBPAY_TIME_ZONE).',
  ],
  options: {
    today: {
      type: 'string',
      valueName: 'YYYY-MM-DD',
      description: "the facility's day to run as (default: today)",
    },
    'dry-run': {
      type: 'boolean',
      description: 'list what would be noticed and charged; write, send and charge nothing',
    },
  },
  async run(values, { io, env, withServices }) {
    let today = new FacilityCalendar(env.WEBPAY_TIME_ZONE).dayOf();
    if (values.today !== undefined) {
      const parsed = isoDateSchema.safeParse(values.today);
      if (!parsed.success) {
        io.err('autopay: --today: must be a date such as 2026-12-01');
        return 1;
      }
      today = parsed.data;
    }
    const dryRun = values['dry-run'] === true;
    const context = operatorRequestContext('autopay');
    return withServices(async (services) => {
      io.out(`autopay: ${today}${dryRun ? ' (dry run)' : ''}`);
      // First the financial assistance holds whose requested information is overdue: their charges resume.
      if (!dryRun) {
        for (const reference of await services.assistanceDecisions.releaseOverdue(today, context)) {
          io.out(
            `financial assistance ${reference}: hold lifted, information not sent by its due date`,
          );
        }
      }
      const report = await services.autopay.service.run(today, { dryRun, context });
      for (const line of autopayReportLines(report)) io.out(line);
      if (!dryRun) await sendQueuedMail(services, io, 'autopay');
      return 0;
    });
  },
};
