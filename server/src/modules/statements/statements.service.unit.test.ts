import { describe, expect, it } from 'vitest';
import { FacilityCalendar } from '../../lib/facility-day.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { EncountersRepository } from '../encounters/index.ts';
import type { StatementsRepository, StatementSummaryRow } from './statements.repository.ts';
import { StatementsService } from './statements.service.ts';

const dueNov24: StatementSummaryRow = {
  id: 'statement-1',
  statementDate: '2026-11-01',
  accountNumber: '40010001',
  amountDueCents: 10_000,
  dueDate: '2026-11-24',
  status: 'open',
};

/** The statuses listed at an instant, with the facility in Denver. */
async function statusesAt(instant: string) {
  const service = new StatementsService(
    { listForGuarantor: async () => [dueNov24] } as unknown as StatementsRepository,
    {} as Pick<EncountersRepository, 'openBills'>,
    { record: async () => undefined } as unknown as AuditRepository,
    {
      providerName: 'Canyon Health',
      portalName: 'Canyon Pay',
      supportEmail: 'billing@example.com',
      fallbackSupportPhone: '(801) 555-0100',
      calendar: new FacilityCalendar('America/Denver'),
      assistance: {
        phone: '(801) 555-0100',
        webAddress: 'https://pay.example/webpay/financial-assistance',
      },
      now: () => new Date(instant),
    },
    { signedInRead: () => () => Promise.reject(new Error('no signed-in read here')) },
  );
  const statements = await service.summaries('guarantor-1');
  return statements.map((statement) => statement.status);
}

describe("a statement's status on the facility's day", () => {
  it('stays open through the evening of its due date, past UTC midnight', async () => {
    // 11:30 PM on Nov 24 in Denver is 06:30 UTC on Nov 25.
    expect(await statusesAt('2026-11-25T06:30:00Z')).toEqual(['open']);
  });

  it("turns past due at the facility's midnight", async () => {
    expect(await statusesAt('2026-11-25T07:00:30Z')).toEqual(['past_due']);
  });
});
