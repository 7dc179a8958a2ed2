import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FINANCIAL_ASSISTANCE_PATHS,
  estimateSchema,
  publishedPolicySchema,
} from '@webpay/contracts/financial-assistance';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import {
  AssistancePolicyError,
  DEMO_ASSISTANCE_CONFIGURATION,
  loadAssistancePolicy,
  parsePolicyFile,
} from './assistance-policy.ts';

describe('the published policy and the estimate, without signing in (pglite)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite');
  });

  afterAll(async () => {
    await server?.close();
  });

  const published = async (language: string, query = '') => {
    const response = await server.api(`${FINANCIAL_ASSISTANCE_PATHS.policy}${query}`, {
      headers: { 'Accept-Language': language },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toMatch(/Accept-Language/);
    return publishedPolicySchema.parse(await response.json());
  };

  it('publishes the demo policy in English and in Spanish, with the guideline in effect', async () => {
    const english = await published('en');
    expect(english.documents.fap.title).toBe('Financial Assistance Policy');
    expect(english.documents.pls.title).toMatch(/Plain-Language Summary/);
    expect(english.contact.hours).toMatch(/^Monday to Friday/);
    expect(english.rules.tiers.map((tier) => tier.discountPercent)).toEqual([100, 75, 50]);
    expect(english.rules).not.toHaveProperty('secondReviewAboveCents');
    expect(english.guidelines).toMatchObject({ year: 2026, effectiveFrom: '2026-01-13' });
    expect(english.guidelines.table.bySize[3]).toBe(3_300_000);

    const spanish = await published('es-US,es;q=0.9');
    expect(spanish.documents.fap.title).toBe('Política de asistencia financiera');
    expect(spanish.contact.hours).toMatch(/^De lunes a viernes/);
    expect(spanish.rules).toEqual(english.rules);
  });

  it('estimates free care for a household of 4 earning $40,000 (121% of the 2026 guideline)', async () => {
    const response = await server.api(FINANCIAL_ASSISTANCE_PATHS.estimate, {
      body: { householdSize: 4, yearlyIncomeCents: 4_000_000 },
    });
    expect(response.status).toBe(200);
    expect(estimateSchema.parse(await response.json())).toEqual({
      guidelineYear: 2026,
      guidelineCents: 3_300_000,
      percentOfPoverty: 121,
      tier: { upToPercentOfPoverty: 200, discountPercent: 100 },
    });
  });

  it('measures a household in Alaska against Alaska’s guideline', async () => {
    const response = await server.api(FINANCIAL_ASSISTANCE_PATHS.estimate, {
      body: { householdSize: 4, yearlyIncomeCents: 9_000_000, region: 'alaska' },
    });
    // $90,000 against $41,250: 218%, the 75% tier (it would be 272% of the contiguous $33,000).
    expect(await response.json()).toMatchObject({
      guidelineCents: 4_125_000,
      percentOfPoverty: 218,
      tier: { discountPercent: 75 },
    });
  });

  it('refuses a household of no one or a negative income, with the error object', async () => {
    for (const body of [
      { householdSize: 0, yearlyIncomeCents: 100 },
      { householdSize: 2, yearlyIncomeCents: -1 },
      { householdSize: 2, yearlyIncomeCents: 12.5 },
    ]) {
      const response = await server.api(FINANCIAL_ASSISTANCE_PATHS.estimate, { body });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    }
  });
});

describe('the policy file', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'webpay-assistance-'));
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('is the demo policy when none is set', () => {
    expect(loadAssistancePolicy(undefined)).toBe(DEMO_ASSISTANCE_CONFIGURATION);
  });

  it('takes the shipped guidelines when the file leaves them out, and a facility’s own figures over the policy', async () => {
    const { guidelines: _shipped, ...withoutGuidelines } = DEMO_ASSISTANCE_CONFIGURATION;
    const file = join(folder, 'policy.json');
    await writeFile(
      file,
      JSON.stringify({
        ...withoutGuidelines,
        facilities: { '20': { region: 'hawaii' } },
      }),
    );
    const loaded = loadAssistancePolicy(file);
    expect(loaded.guidelines).toEqual(DEMO_ASSISTANCE_CONFIGURATION.guidelines);
    expect(loaded.facilities['20']).toEqual({ region: 'hawaii' });
  });

  it('stops the service with every problem named, rather than publish a wrong policy', async () => {
    const broken = {
      ...DEMO_ASSISTANCE_CONFIGURATION,
      policy: {
        ...DEMO_ASSISTANCE_CONFIGURATION.policy,
        rules: { ...DEMO_ASSISTANCE_CONFIGURATION.policy.rules, applicationWindowDays: 90 },
      },
    };
    expect(() => parsePolicyFile(JSON.stringify(broken), 'policy.json')).toThrow(
      /policy\.json is not a financial assistance policy[\s\S]*applicationWindowDays/,
    );
    expect(() => parsePolicyFile('{ nope', 'policy.json')).toThrow(AssistancePolicyError);
    expect(() => loadAssistancePolicy(join(folder, 'missing.json'))).toThrow(
      /FINANCIAL_ASSISTANCE_POLICY_FILE .*missing\.json cannot be read/,
    );
  });
});
