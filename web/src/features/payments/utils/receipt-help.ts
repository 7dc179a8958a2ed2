import type { AppConfig } from '@webpay/contracts/config';
import { FACILITY_TITLES, type FacilityCode } from '@webpay/contracts/facilities';
import type { Receipt } from '@webpay/contracts/payments';

export interface FacilityHelp {
  facilityId: string;
  /** Undefined when neither the configuration nor SPEC names the facility. */
  name: string | undefined;
  phone: string;
}

export type ReceiptHelp =
  | { kind: 'central'; phone: string | undefined }
  | { kind: 'facilities'; facilities: FacilityHelp[] };

type HelpConfig = Pick<
  AppConfig,
  'centralFacility' | 'externalARFacilities' | 'supportPhones' | 'fallbackSupportPhone'
>;

function facilityName(id: string, config: HelpConfig | undefined): string | undefined {
  return (
    config?.externalARFacilities.find((facility) => facility.id === id)?.name ??
    FACILITY_TITLES[id as FacilityCode]
  );
}

/**
 * SPEC §2: the receipt's help differs when a line was paid to a facility
 * other than the central one — those post through the facility's own
 * system (up to 24 hours) and have their own phone.
 */
export function receiptHelp(
  receipt: Pick<Receipt, 'accounts'>,
  config: HelpConfig | undefined,
  supportPhone: string | undefined,
): ReceiptHelp {
  const centralId = config?.centralFacility.id;
  const others = [...new Set(receipt.accounts.map((account) => account.locationId))].filter(
    (id) => centralId !== undefined && id !== centralId,
  );
  if (others.length === 0) return { kind: 'central', phone: supportPhone };
  return {
    kind: 'facilities',
    facilities: others.map((facilityId) => ({
      facilityId,
      name: facilityName(facilityId, config),
      phone:
        config?.supportPhones[facilityId] ?? config?.fallbackSupportPhone ?? supportPhone ?? '',
    })),
  };
}
