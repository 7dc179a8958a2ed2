import { sql } from 'drizzle-orm';
import { FACILITY } from '@webpay/contracts/facilities';
import type { Database } from './client.ts';
import { facilities } from './schema.ts';

/*
 * The facilities are configuration the service needs in every environment
 * (GET /config/app, /config/contactInfo), not demo data. Support phones are
 * the ones printed on statements (DEMO_DATA.md); everything else is the
 * provider's to adjust here.
 */

export type FacilityRecord = typeof facilities.$inferInsert;

const WEEKDAY_HOURS = 'Mon–Fri 8:00 AM – 5:00 PM (Mountain Time)';

export const FACILITY_RECORDS: readonly FacilityRecord[] = [
  {
    id: FACILITY.hospitalsAndClinics,
    name: 'Hospitals & Clinics',
    kind: 'central',
    supportPhone: '(801) 555-0107',
    hours: 'Mon–Fri 7:30 AM – 6:00 PM, Sat 9:00 AM – 1:00 PM (Mountain Time)',
    address: '1200 E 500 S, Salt Lake City, UT 84102',
    email: 'patient.billing@example.org',
    sortOrder: 0,
  },
  {
    id: FACILITY.centralLab,
    name: 'Central Lab',
    kind: 'external',
    supportPhone: '(801) 555-0153',
    hours: WEEKDAY_HOURS,
    address: '675 S 300 E, Salt Lake City, UT 84111',
    email: 'lab.billing@example.org',
    sortOrder: 1,
  },
  {
    id: FACILITY.homeCare,
    name: 'Home Care',
    kind: 'external',
    supportPhone: '(801) 555-0221',
    hours: 'Mon–Fri 8:00 AM – 4:30 PM (Mountain Time)',
    address: '2150 S 1300 E, Suite 200, Salt Lake City, UT 84106',
    email: 'homecare.billing@example.org',
    sortOrder: 2,
  },
  {
    id: FACILITY.saltLakeClinicLab,
    name: 'Salt Lake Clinic Lab',
    kind: 'external',
    supportPhone: '(801) 555-0753',
    hours: WEEKDAY_HOURS,
    address: '330 W 200 N, Salt Lake City, UT 84103',
    email: 'clinic.lab.billing@example.org',
    sortOrder: 3,
  },
  {
    id: FACILITY.medicalEquipment,
    name: 'Medical Equipment',
    kind: 'external',
    supportPhone: '(801) 555-0990',
    hours: 'Mon–Fri 9:00 AM – 5:00 PM (Mountain Time)',
    address: '3900 S 700 E, Salt Lake City, UT 84107',
    email: 'equipment.billing@example.org',
    sortOrder: 4,
  },
];

/** Inserts or refreshes the facilities; safe to run on every start. */
export async function seedReferenceData(db: Database): Promise<void> {
  await db
    .insert(facilities)
    .values([...FACILITY_RECORDS])
    .onConflictDoUpdate({
      target: facilities.id,
      set: {
        name: sql`excluded.name`,
        kind: sql`excluded.kind`,
        supportPhone: sql`excluded.support_phone`,
        hours: sql`excluded.hours`,
        address: sql`excluded.address`,
        email: sql`excluded.email`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}
