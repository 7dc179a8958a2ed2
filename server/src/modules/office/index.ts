// What other modules may use of the billing office console; everything else stays inside it.
export * from './office-services.ts';
export type { StaffDirectory } from './office-audit.service.ts';
export { default as officeRoutes, type StaffGate } from './office.routes.ts';
