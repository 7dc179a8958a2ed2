// What other modules may use of staff-sso; everything else stays inside it.
export { createStaffSso, ssoRedirectUri, type StaffSsoOptions } from './staff-sso-services.ts';
export type { StaffSso } from './staff-sso.service.ts';
