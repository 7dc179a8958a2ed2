import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  assistanceConfigurationSchema,
  povertyGuidelinesSchema,
  type AssistanceConfiguration,
} from '@webpay/contracts/financial-assistance';
import { DEMO_ASSISTANCE_POLICY } from './demo-policy.ts';
import { SHIPPED_POVERTY_GUIDELINES } from './poverty-guidelines.ts';

/*
 * The hospital's financial assistance policy, read once at start from
 * FINANCIAL_ASSISTANCE_POLICY_FILE (docs/financial-assistance.md) and
 * checked in full: a policy that does not parse stops the service with
 * every problem listed, rather than publish a wrong one. The file may leave
 * out the poverty guidelines, to take the ones WebPay ships.
 */

const policyFileSchema = assistanceConfigurationSchema.extend({
  guidelines: povertyGuidelinesSchema.optional(),
});

export class AssistancePolicyError extends Error {
  override name = 'AssistancePolicyError';
}

/** The file's text as a configuration, or an error naming the file and each problem in it. */
export function parsePolicyFile(text: string, path: string): AssistanceConfiguration {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new AssistancePolicyError(
      `${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const parsed = policyFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new AssistancePolicyError(
      `${path} is not a financial assistance policy (docs/financial-assistance.md):\n${z.prettifyError(parsed.error)}`,
    );
  }
  return { ...parsed.data, guidelines: parsed.data.guidelines ?? SHIPPED_POVERTY_GUIDELINES };
}

/** The demo hospital's policy with the shipped guidelines: what runs until a hospital gives its own. */
export const DEMO_ASSISTANCE_CONFIGURATION: AssistanceConfiguration = {
  guidelines: SHIPPED_POVERTY_GUIDELINES,
  policy: DEMO_ASSISTANCE_POLICY,
  facilities: {},
};

/** The policy this deployment publishes: the file's, or the demo's when none is set. */
export function loadAssistancePolicy(file: string | undefined): AssistanceConfiguration {
  if (file === undefined) return DEMO_ASSISTANCE_CONFIGURATION;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new AssistancePolicyError(
      `FINANCIAL_ASSISTANCE_POLICY_FILE ${file} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return parsePolicyFile(text, file);
}
