import { describe, expect, it } from 'vitest';
import { appConfig } from '@test/fixtures.ts';
import { receiptHelp } from './receipt-help.ts';

const line = (locationId: string) => ({
  paymentType: 'Account Payment' as const,
  facilityId: locationId,
  accountId: `${locationId}-1`,
  amount: 10,
  locationId,
});

describe('receiptHelp (SPEC §2: help differs outside the central facility)', () => {
  it("points to the guarantor's support phone for central-facility payments", () => {
    expect(receiptHelp({ accounts: [line('107')] }, appConfig, '(801) 555-0142')).toEqual({
      kind: 'central',
      phone: '(801) 555-0142',
    });
  });

  it('names each other facility once, with its own phone or the configured fallback', () => {
    const config = {
      ...appConfig,
      supportPhones: { ...appConfig.supportPhones, '153': '(801) 555-0153' },
    };
    expect(
      receiptHelp(
        { accounts: [line('153'), line('153'), line('221'), line('107')] },
        config,
        undefined,
      ),
    ).toEqual({
      kind: 'facilities',
      facilities: [
        { facilityId: '153', name: 'Central Lab', phone: '(801) 555-0153' },
        { facilityId: '221', name: 'Home Care', phone: '(801) 555-0100' },
      ],
    });
  });
});
