// What other modules may use of the console's reports; everything else stays inside it.
import type { Database } from '../../db/client.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { AuditRepository } from '../audit/index.ts';
import { MoneyReportRepository } from './money-report.repository.ts';
import { MoneyReportService } from './money-report.service.ts';
import { SettlementService, type SettlementProcessor } from './settlement.service.ts';

export interface OfficeReports {
  money: MoneyReportService;
  settlement: SettlementService;
}

export function createOfficeReports(deps: {
  db: Database;
  audit: AuditRepository;
  calendar: FacilityCalendar;
  processor: SettlementProcessor;
}): OfficeReports {
  const repository = new MoneyReportRepository(deps.db);
  const money = new MoneyReportService(repository, deps.audit, deps.calendar);
  return {
    money,
    settlement: new SettlementService(repository, money, deps.processor, deps.calendar),
  };
}
