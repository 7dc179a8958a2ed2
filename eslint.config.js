import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

// Import zones: who may import whom (decision 0019). Paths are absolute so
// the rules hold wherever ESLint is started from.
const root = import.meta.dirname;
const at = (path) => `${root}/${path}`;
const directories = (path) =>
  readdirSync(at(path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const testFiles = ['**/*.test.ts', '**/*.test.tsx'];
// Test tooling: server/test and web/test, and the places it used to live in
// product source, so that it does not drift back unnoticed.
const testTooling = [
  'server/test/**',
  'web/test/**',
  'server/src/test/**',
  'web/src/test/**',
  '**/*.test-helpers*',
  '**/testing/**',
];

const productNeverImportsTestTooling = {
  target: [at('server/src/**'), at('web/src/**')],
  from: testTooling.map(at),
  message: 'Product source never imports test tooling.',
};

// The same rules for each single-page app's source: the portal's (web/src)
// and the billing office console's (web/src/office).
const spaZones = (src, shared, except = []) => [
  {
    target: shared.map((dir) => at(`${src}/${dir}/**`)),
    from: [at(`${src}/features/**`), at(`${src}/routes/**`), at(`${src}/app/**`)],
    message: 'Shared code (components, lib, hooks, config) never imports features, routes or app.',
  },
  {
    target: at(`${src}/features/**`),
    from: [at(`${src}/routes/**`), at(`${src}/app/**`)],
    message: 'A feature never imports routes or app; the route composes features.',
  },
  ...directories(`${src}/features`).map((feature) => ({
    // Test tooling in features/*/testing composes features the way app does.
    target: [at(`${src}/features/${feature}/*`), at(`${src}/features/${feature}/!(testing)/**`)],
    from: at(`${src}/features/!(${feature})/**`),
    except: except.map(at),
    message:
      'A feature never imports another feature: move what both use to components, lib or hooks, or compose them in the route.',
  })),
];
const portalZones = (except = []) => [
  ...spaZones('web/src', ['components', 'lib', 'hooks', 'config', 'styles'], except),
  ...spaZones('web/src/office', ['components', 'lib'], except),
  {
    // Guarantors never download the console (the portal's build checks it too).
    target: [at('web/src/!(office)/**'), at('web/src/*.{ts,tsx}')],
    from: at('web/src/office/**'),
    message: "The portal never imports the billing office console's code.",
  },
  {
    target: at('web/src/office/**'),
    from: [at('web/src/features/**'), at('web/src/routes/**'), at('web/src/app/**')],
    message:
      "The console shares the portal's components, lib, hooks and config, never its features, routes or app: move what both use there.",
  },
];

const serviceModules = directories('server/src/modules');
// Tests may also use another module's test helpers.
const moduleZones = (except) =>
  serviceModules.map((module) => ({
    target: at(`server/src/modules/${module}/**`),
    from: at(`server/src/modules/!(${module})/**`),
    except: except.map(at),
    message: "A module reaches another only through that module's index.ts.",
  }));
// Product layering; a test may reach across it to check what it checks.
const serviceLayers = [
  {
    target: at('server/src/modules/**'),
    from: at('server/src/plugins'),
    message:
      'Modules never import plugins: plugins/services.ts builds the modules. Shared policy goes in lib.',
  },
  {
    target: at('server/src/lib/**'),
    from: [at('server/src/modules'), at('server/src/plugins')],
    message: 'lib is shared by everything and imports neither modules nor plugins.',
  },
];
const contractsZone = [
  {
    target: at('contracts/src/**'),
    from: [at('server'), at('web')],
    message: 'contracts is shared by the service and the portal and imports neither.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'web/src/routeTree.gen.ts',
      'web/src/office/routeTree.gen.ts',
      'bench/results/**',
      'release/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    files: ['contracts/src/**/*.ts', 'server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse the imported files as TypeScript too, so no-cycle follows them.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'contracts/tsconfig.json',
            'server/tsconfig.json',
            'web/tsconfig.json',
            'web/tsconfig.office.json',
          ].map(at),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...portalZones(['web/src/features/*/testing/**']),
            ...moduleZones([
              'server/src/modules/*/index.ts',
              'server/src/modules/**/*.test-helpers.ts',
            ]),
            ...contractsZone,
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: [...testFiles, ...testTooling],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...portalZones(),
            ...moduleZones(['server/src/modules/*/index.ts']),
            ...serviceLayers,
            ...contractsZone,
            productNeverImportsTestTooling,
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/cli/**', 'bench/**', 'e2e/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-console': 'off' },
  },
  {
    // Functions a reader can hold: product source only. Tests, test tooling
    // (server/test, web/test), build tools and generated files are exempt. A
    // function that must stay long carries
    // `// eslint-disable-next-line max-lines-per-function -- <why>`.
    files: ['contracts/src/**/*.ts', 'server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.*',
      '**/*.test-helpers*',
      '**/testing/**',
      'web/src/routeTree.gen.ts',
      'web/src/office/routeTree.gen.ts',
    ],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  prettier,
);
