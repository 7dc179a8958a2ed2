// What other modules may use of saved payment methods; everything else stays inside it.
import type { Database } from '../../db/client.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { PaymentMethodKey } from '../../lib/payment-method-keys.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { AuthService } from '../auth/index.ts';
import { PaymentMethodsRepository } from './payment-methods.repository.ts';
import { PaymentMethodsService, type MethodLog } from './payment-methods.service.ts';
import type { PaymentMethodProcessor } from './processor.ts';

export { PaymentMethodsRepository } from './payment-methods.repository.ts';
export type { ChargeableMethod, PaymentMethodRow } from './payment-methods.repository.ts';
export { PaymentMethodsService } from './payment-methods.service.ts';
export type { MethodContext } from './payment-methods.service.ts';
export type { PaymentToSaveFrom } from './card-methods.ts';
export type { PaymentMethodProcessor, StoredCardToken } from './processor.ts';
export { resealBankAccounts, type ResealReport } from './reseal.ts';

export interface PaymentMethods {
  service: PaymentMethodsService;
  repository: PaymentMethodsRepository;
}

export interface PaymentMethodsDependencies {
  db: Database;
  audit: AuditRepository;
  calendar: FacilityCalendar;
  log: MethodLog;
  processor: PaymentMethodProcessor;
  /** paymentMethodKeyring(env.PAYMENT_METHOD_KEYS, env.JWT_SECRET): the first seals. */
  keyring: readonly PaymentMethodKey[];
  bankFingerprintKey: string;
  payee: string;
  fallbackSupportPhone: string;
  /** Where the guarantor's one-trip reads are made. */
  signedIn: Pick<AuthService, 'signedInRead'>;
}

export function createPaymentMethods(deps: PaymentMethodsDependencies): PaymentMethods {
  const repository = new PaymentMethodsRepository(deps.db, deps.keyring);
  const service = new PaymentMethodsService(
    repository,
    deps.processor,
    deps.audit,
    {
      keyring: deps.keyring,
      bankFingerprintKey: deps.bankFingerprintKey,
      payee: deps.payee,
      fallbackSupportPhone: deps.fallbackSupportPhone,
      calendar: deps.calendar,
    },
    deps.log,
    deps.signedIn,
  );
  return { service, repository };
}
