// What other modules may use of the console's recurring payments; everything else stays inside it.
import type { Database } from '../../db/client.ts';
import { apiErrors } from '../../lib/api-error.ts';
import { OfficeRecurringRepository } from './office-recurring.repository.ts';
import {
  OfficeRecurringService,
  type OfficeRecurringServices,
  type StaffAutopayCanceller,
} from './office-recurring.service.ts';

export type {
  OfficeRecurringService,
  StaffAutopayCanceller,
  StaffCancel,
} from './office-recurring.service.ts';

export interface OfficeRecurringDependencies extends OfficeRecurringServices {
  db: Database;
}

export function createOfficeRecurring(deps: OfficeRecurringDependencies): OfficeRecurringService {
  return new OfficeRecurringService(new OfficeRecurringRepository(deps.db), deps);
}

/**
 * Stands in for the autopay module's cancels until they are given (the
 * console's reads work without them); a cancel fails rather than pretend.
 */
export const NO_AUTOPAY_CANCELLER: StaffAutopayCanceller = {
  cancelPlanAutopay: () => Promise.reject(apiErrors.internal()),
  cancelStatementAutopay: () => Promise.reject(apiErrors.internal()),
};
