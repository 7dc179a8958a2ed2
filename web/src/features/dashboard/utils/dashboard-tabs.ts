import {
  ENCOUNTER_TYPES,
  type Encounter,
  type EncountersResponse,
  type PaymentPlan,
} from '@webpay/contracts/encounters';
import {
  EXTERNAL_FACILITY_CODES,
  FACILITY,
  FACILITY_TITLES,
  type Facility,
  type FacilityCode,
} from '@webpay/contracts/facilities';
import type { Language } from '@webpay/contracts/language';
import { sumCents, toCents, type Cents } from '@webpay/contracts/money';
import { mainEncounters } from '@webpay/contracts/outstanding';
import { messagesIn } from '@/lib/messages.ts';
import { dashboardMessages } from '../dashboard.messages.ts';

export interface MainTab {
  kind: 'main';
  value: string;
  title: string;
  encounters: Encounter[];
  plans: PaymentPlan[];
  /** The red badge: how many bills the tab lists. */
  count: number;
}

export interface FacilityTab {
  kind: 'facility';
  value: string;
  title: string;
  encounters: Encounter[];
  count: number;
}

export type DashboardTab = MainTab | FacilityTab;

export interface DashboardTabs {
  tabs: DashboardTab[];
  defaultTab: string;
  /** SPEC §2: the tab bar appears only when more than one tab would exist. */
  showTabBar: boolean;
}

/** The other-facility titles in the configured order, falling back to SPEC's list. */
function otherFacilityOrder(externalFacilities: readonly Facility[] | undefined): Facility[] {
  if (externalFacilities?.length) return [...externalFacilities];
  return EXTERNAL_FACILITY_CODES.map((id) => ({ id, name: FACILITY_TITLES[id] }));
}

/** Facility names are the configuration's (names, not words); only an unnamed one is worded. */
function facilityTitle(
  id: string,
  known: readonly Facility[],
  unnamed: (id: string) => string,
): string {
  return (
    known.find((facility) => facility.id === id)?.name ??
    FACILITY_TITLES[id as FacilityCode] ??
    unnamed(id)
  );
}

/**
 * SPEC §2 Dashboard, Tabs. 'Hospitals & Clinics' holds the main encounters
 * and the plans; it is shown when it has any, or when there is nothing at
 * another facility. Other facilities get a tab only when they have
 * encounters. The default tab is the main one when it has items or nothing
 * else exists, otherwise the first other facility. Titles are in the given language.
 */
export function buildDashboardTabs(
  data: EncountersResponse,
  externalFacilities?: readonly Facility[],
  centralFacility?: Facility,
  language: Language = 'en',
): DashboardTabs {
  const words = messagesIn(dashboardMessages, language);
  const centralId = centralFacility?.id ?? FACILITY.hospitalsAndClinics;
  const mainTabEncounters = mainEncounters(data.encounters);
  const byFacility = new Map<string, Encounter[]>();
  for (const encounter of data.encounters) {
    if (encounter.type !== ENCOUNTER_TYPES.otherFacility) continue;
    const list = byFacility.get(encounter.facilityId);
    if (list) list.push(encounter);
    else byFacility.set(encounter.facilityId, [encounter]);
  }

  const known = otherFacilityOrder(externalFacilities);
  const ordered = [
    ...known.map((facility) => facility.id).filter((id) => byFacility.has(id)),
    ...[...byFacility.keys()].filter((id) => !known.some((facility) => facility.id === id)).sort(),
  ];
  const facilityTabs: FacilityTab[] = ordered.map((id) => {
    const encounters = byFacility.get(id) ?? [];
    return {
      kind: 'facility',
      value: id,
      title: facilityTitle(id, known, words.tabs.facility),
      encounters,
      count: encounters.length,
    };
  });

  const hasMainItems = mainTabEncounters.length > 0 || data.paymentPlans.length > 0;
  const showMain = hasMainItems || facilityTabs.length === 0;
  const tabs: DashboardTab[] = showMain
    ? [
        {
          kind: 'main',
          value: centralId,
          title: words.labels.mainTab,
          encounters: mainTabEncounters,
          plans: data.paymentPlans,
          count: mainTabEncounters.length + data.paymentPlans.length,
        },
        ...facilityTabs,
      ]
    : facilityTabs;

  const defaultTab = showMain ? centralId : (facilityTabs[0]?.value ?? centralId);
  return { tabs, defaultTab, showTabBar: tabs.length > 1 };
}

/** SPEC §2 Past Due: the sum of the plans' overdue amounts. */
export function pastDueCents(plans: readonly PaymentPlan[]): Cents {
  return sumCents(plans.map((plan) => toCents(plan.overdueAmount)));
}

/** An other-facility tab's Total Outstanding: its balances. */
export function facilityOutstandingCents(encounters: readonly Encounter[]): Cents {
  return sumCents(encounters.map((encounter) => toCents(encounter.balance)));
}
