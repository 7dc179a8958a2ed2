// What a benchmark needs to load guarantors in bulk and search them as the billing office does.
export { encounters, guarantors, pendingPayments } from '../../src/db/schema.ts';
export { AuditRepository } from '../../src/modules/audit/audit.repository.ts';
export { GuarantorSearchRepository } from '../../src/modules/office/guarantor-search.repository.ts';
export { GuarantorSearchService } from '../../src/modules/office/guarantor-search.service.ts';
