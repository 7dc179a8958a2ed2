import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ASSISTANCE_CONFIGURATION, loadAssistancePolicy } from './assistance-policy.ts';

/** The example an operator starts a hospital's own policy file from (docs/financial-assistance.md). */
const EXAMPLE = path.resolve(
  import.meta.dirname,
  '../../../../docs/examples/financial-assistance-policy.json',
);

describe('the example policy file', () => {
  it('is the demo hospital’s policy, word for word, and loads as a policy file', () => {
    expect(loadAssistancePolicy(EXAMPLE)).toEqual(DEMO_ASSISTANCE_CONFIGURATION);
  });
});
