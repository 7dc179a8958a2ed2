// The demo billing office staff (DEMO_DATA.md §6) as the browser tests sign in with them.
export { DEMO_STAFF, type DemoStaff } from '../../src/demo/demo-staff.ts';
