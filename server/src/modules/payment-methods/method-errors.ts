import { ERROR_CODES } from '@webpay/contracts/errors';
import { ApiError, apiErrors, fieldText, type LocalText } from '../../lib/api-error.ts';
import type { MethodUses } from './payment-methods.repository.ts';

/* Saved payment methods' refusals in the words a guarantor reads. */
export const methodErrors = {
  notFound: () =>
    new ApiError(404, ERROR_CODES.paymentMethodNotFound, (m) => m.titles.paymentMethodNotFound, [
      (m) => m.paymentMethodNotFound,
    ]),

  replacementNotUsable: () =>
    apiErrors.validation([fieldText('body.replacementId', (m) => m.replacementNotUsable)]),

  /** One detail per use, so the portal can name what to change. */
  inUse: (uses: MethodUses) => {
    const details: LocalText[] = uses.plans.map(
      (plan) => (m) => m.methodUsedByPlan(plan.planNumber),
    );
    if (uses.statementAutopay) details.push((m) => m.methodUsedByStatementAutopay);
    return new ApiError(
      409,
      ERROR_CODES.paymentMethodInUse,
      (m) => m.titles.paymentMethodInUse,
      details,
    );
  },

  duplicate: () =>
    new ApiError(409, ERROR_CODES.paymentMethodDuplicate, (m) => m.titles.paymentMethodDuplicate, [
      (m) => m.paymentMethodDuplicate,
    ]),

  cardNotVerified: () =>
    new ApiError(402, ERROR_CODES.cardNotVerified, (m) => m.titles.cardNotVerified, [
      (m) => m.cardNotVerified,
    ]),

  consentChanged: () =>
    apiErrors.validation([fieldText('body.consent.text', (m) => m.storedConsentChanged)]),
};
