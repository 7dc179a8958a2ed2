import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { appConfigSchema, contactInfoSchema } from '@webpay/contracts/config';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { maria, james } = DEMO_GUARANTORS;

describe.each(testDatabaseKinds)('configuration (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      env: { WEBPAY_PORTAL_NAME: 'PayMyBill', WEBPAY_ACCENT_COLOR: '#123abc' },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('GET /config/app gives the facilities, their phones, the fallback, the time zone, the branding and the card processor', async () => {
    const response = await server.api(API_PATHS.configApp);
    expect(response.status).toBe(200);
    expect(appConfigSchema.parse(await response.json())).toEqual({
      centralFacility: { id: '107', name: 'Hospitals & Clinics' },
      externalARFacilities: [
        { id: '153', name: 'Central Lab' },
        { id: '221', name: 'Home Care' },
        { id: '753', name: 'Salt Lake Clinic Lab' },
        { id: '990', name: 'Medical Equipment' },
      ],
      supportPhones: {
        '107': '(801) 555-0107',
        '153': '(801) 555-0153',
        '221': '(801) 555-0221',
        '753': '(801) 555-0753',
        '990': '(801) 555-0990',
      },
      fallbackSupportPhone: '(801) 555-0100',
      timeZone: 'America/Denver',
      branding: {
        providerName: 'Wasatch Valley Health',
        portalName: 'PayMyBill',
        tagline: server.env.WEBPAY_TAGLINE,
        logoUrl: '/webpay/logo.svg',
        accentColor: '#123abc',
        supportEmail: server.env.WEBPAY_SUPPORT_EMAIL,
      },
      cardProcessor: {
        lightboxScriptUrl: `${server.env.CONVERGE_HOSTED_URL}/PayWithConverge.js`,
        origin: new URL(server.env.CONVERGE_HOSTED_URL).origin,
        portalOrigins: [new URL(server.env.PUBLIC_URL).origin],
      },
    });
  });

  it('GET /config/contactInfo without a token gives every facility and the fallback phone', async () => {
    const response = await server.api(API_PATHS.configContactInfo);
    expect(response.status).toBe(200);
    const body = contactInfoSchema.parse(await response.json());
    expect(body.facilities.map((facility) => [facility.id, facility.phone])).toEqual([
      ['107', '(801) 555-0107'],
      ['153', '(801) 555-0153'],
      ['221', '(801) 555-0221'],
      ['753', '(801) 555-0753'],
      ['990', '(801) 555-0990'],
    ]);
    for (const facility of body.facilities) {
      expect(facility.hours, facility.id).not.toBe('');
      expect(facility.address, facility.id).not.toBe('');
      expect(facility.email, facility.id).toContain('@');
    }
    expect(body.supportPhone).toBe('(801) 555-0100');
    expect(body.supportEmail).toBe(server.env.WEBPAY_SUPPORT_EMAIL);
  });

  it("gives a signed-in guarantor's own support phone, else the fallback", async () => {
    const mariaToken = await server.login(maria.accountNumber, maria.pin);
    const mine = contactInfoSchema.parse(
      await (await server.api(API_PATHS.configContactInfo, { token: mariaToken })).json(),
    );
    expect(mine.supportPhone).toBe('(801) 555-0142');

    const jamesToken = await server.login(james.accountNumber, james.pin);
    const his = contactInfoSchema.parse(
      await (await server.api(API_PATHS.configContactInfo, { token: jamesToken })).json(),
    );
    expect(his.supportPhone).toBe('(801) 555-0100');
  });

  it('treats a stale token on the contact page as no token', async () => {
    const response = await server.api(API_PATHS.configContactInfo, { token: 'aaa.bbb.ccc' });
    expect(response.status).toBe(200);
    expect(contactInfoSchema.parse(await response.json()).supportPhone).toBe('(801) 555-0100');
  });
});
