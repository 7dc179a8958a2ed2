import { defineConfig } from 'vite';
import { firstPaint } from './build-tools/first-paint.ts';
import { OFFICE_CODE } from './build-tools/office-code.ts';
import { fromWeb, releaseDefine, spaBuildConfig } from './build-tools/spa-build.ts';

// PORTAL_BASE_PATH of @webpay/contracts/api; the config loader cannot import .ts workspaces.
const base = '/webpay/';

export { releaseDefine } from './build-tools/spa-build.ts';

export default defineConfig({
  ...spaBuildConfig({
    base,
    routesDirectory: 'src/routes',
    generatedRouteTree: 'src/routeTree.gen.ts',
    inventoryPage: '/webpay/dashboard',
    justificationsFiles: ['script-justifications.json'],
    // Guarantors never download the billing office's code (issue #23).
    forbidden: OFFICE_CODE,
    outDir: 'dist',
    // SPEC §2's spinner is in the HTML, so the page paints before its script runs.
    plugins: [
      firstPaint({
        root: fromWeb(''),
        base,
        alias: { '@': fromWeb('src') },
        define: releaseDefine,
        module: '/src/app/first-paint.tsx',
      }),
    ],
    devPort: 5173,
  }),
  preview: { port: 4173 },
});
