import { z } from 'zod';

/** Facility codes of SPEC §9. */
export const FACILITY = {
  hospitalsAndClinics: '107',
  centralLab: '153',
  homeCare: '221',
  saltLakeClinicLab: '753',
  medicalEquipment: '990',
} as const;

export type FacilityCode = (typeof FACILITY)[keyof typeof FACILITY];

/** Display titles of the dashboard tabs (SPEC §2 Dashboard, Tabs). */
export const FACILITY_TITLES: Record<FacilityCode, string> = {
  '107': 'Hospitals & Clinics',
  '153': 'Central Lab',
  '221': 'Home Care',
  '753': 'Salt Lake Clinic Lab',
  '990': 'Medical Equipment',
};

/** The other-facility tabs in the order SPEC lists them. */
export const EXTERNAL_FACILITY_CODES = [
  FACILITY.centralLab,
  FACILITY.homeCare,
  FACILITY.saltLakeClinicLab,
  FACILITY.medicalEquipment,
] as const;

export const FACILITY_ID_MESSAGE = 'Facility id must be 1 to 6 digits';
export const FACILITY_ID_MESSAGE_ES = 'El código del centro debe tener de 1 a 6 dígitos';

export const facilityIdSchema = z
  .string()
  .regex(/^\d{1,6}$/, FACILITY_ID_MESSAGE)
  .meta({ description: 'Facility code, e.g. 107', example: '107' });

export const facilitySchema = z
  .object({
    id: facilityIdSchema,
    name: z.string(),
  })
  .meta({ id: 'Facility' });
export type Facility = z.infer<typeof facilitySchema>;
