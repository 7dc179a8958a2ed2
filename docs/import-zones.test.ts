import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

// Decision 0019: the import zones and the cycle check hold because
// `npm run lint` refuses a file that breaks them. Each case lints a planted
// file, which need not exist, against the repository's own eslint.config.js.
// The planted imports are relative: the `@/` alias resolves the same way in
// `npm run lint`, but not when ESLint runs inside the test runner.

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });
const boundaryRules = new Set(['import-x/no-restricted-paths', 'import-x/no-cycle']);

async function boundaryErrors(path: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? []).filter((message) => boundaryRules.has(message.ruleId ?? ''));
}

const plant = (source: string, name: string) =>
  `import { ${name} } from '${source}';\nexport const planted = ${name};\n`;

// Where the planted file sits, what it imports, and the words of the refusal
// (none: lint lets it through).
const cases: [string, string, string, string | null][] = [
  [
    'a portal feature importing another feature',
    'web/src/features/dashboard/planted.ts',
    plant('../payments/components/payment-dialog.tsx', 'PaymentDialog'),
    'A feature never imports another feature',
  ],
  [
    'shared portal code importing a feature',
    'web/src/components/planted.ts',
    plant('../features/auth/api/get-me.ts', 'getMe'),
    'Shared code (components, lib, hooks, config) never imports',
  ],
  [
    'a route composing features',
    'web/src/routes/planted.ts',
    plant('../features/payments/components/payment-dialog.tsx', 'PaymentDialog'),
    null,
  ],
  [
    'a feature using shared code',
    'web/src/features/dashboard/planted.ts',
    plant('../../lib/payments/payment-items.ts', 'paymentTotalCents'),
    null,
  ],
  [
    "a service module reaching into another module's files",
    'server/src/modules/statements/planted.ts',
    plant('../payments/receipts.ts', 'receiptFromSnapshot'),
    "only through that module's index.ts",
  ],
  [
    "a service module using another module's index.ts",
    'server/src/modules/statements/planted.ts',
    plant('../payments/index.ts', 'receiptFromSnapshot'),
    null,
  ],
  [
    'a service module importing a plugin',
    'server/src/modules/auth/planted.ts',
    plant('../../plugins/services.ts', 'housekeeping'),
    'Modules never import plugins',
  ],
  [
    'product source importing test tooling',
    'server/src/modules/payments/planted.ts',
    plant('../../../test/support/payments.ts', 'MARIA_PAYER'),
    'Product source never imports test tooling',
  ],
  [
    'a test importing test tooling',
    'server/src/modules/payments/planted.test.ts',
    plant('../../../test/support/payments.ts', 'MARIA_PAYER'),
    null,
  ],
];

describe('import zones (decision 0019)', { timeout: 60_000 }, () => {
  it.each(cases)('%s', async (_case, path, code, refusal) => {
    const errors = await boundaryErrors(path, code);
    expect(errors.map((error) => error.message)).toEqual(
      refusal ? [expect.stringContaining(refusal)] : [],
    );
  });

  it('refuses an import cycle', async () => {
    // encounters.ts imports money.ts; money.ts importing it back closes a loop.
    const errors = await boundaryErrors(
      'contracts/src/money.ts',
      plant('./encounters.ts', 'encountersResponseSchema'),
    );
    expect(errors.map((error) => error.ruleId)).toEqual(['import-x/no-cycle']);
  });
});
