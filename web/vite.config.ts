import { defineConfig } from 'vite';
import { OFFICE_CODE } from './build-tools/office-code.ts';
import { spaBuildConfig } from './build-tools/spa-build.ts';

export { releaseDefine } from './build-tools/spa-build.ts';

export default defineConfig({
  ...spaBuildConfig({
    // PORTAL_BASE_PATH of @webpay/contracts/api; the config loader cannot import .ts workspaces.
    base: '/webpay/',
    routesDirectory: 'src/routes',
    generatedRouteTree: 'src/routeTree.gen.ts',
    inventoryPage: '/webpay/dashboard',
    justificationsFiles: ['script-justifications.json'],
    // Guarantors never download the billing office's code (issue #23).
    forbidden: OFFICE_CODE,
    outDir: 'dist',
    devPort: 5173,
  }),
  preview: { port: 4173 },
});
