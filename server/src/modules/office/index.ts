// What other modules may use of the billing office console; everything else stays inside it.
export * from './office-services.ts';
export { staffEvent, type StaffActor } from './staff-actor.ts';
export { guarantorNotFound } from './guarantor-page.service.ts';
