import { defineConfig, type Plugin } from 'vite';
import { fromWeb, spaBuildConfig } from './build-tools/spa-build.ts';

// OFFICE_BASE_PATH of @webpay/contracts/office; the config loader cannot import .ts workspaces.
const BASE = '/office/';
const PAGE = 'office.html';

/**
 * The console's page is web/office.html, beside the portal's index.html, but
 * is served as its folder's index.html: renamed in the build, and answered
 * for every page path by the development server.
 */
function officePage(): Plugin {
  return {
    name: 'webpay:office-page',
    // After Vite's HTML plugin has emitted the page.
    enforce: 'post',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const path = request.url?.split('?')[0] ?? '';
        const isPage = path.startsWith(BASE) && !/\.[a-z0-9]+$/i.test(path);
        if (isPage && request.headers.accept?.includes('text/html')) request.url = `${BASE}${PAGE}`;
        next();
      });
    },
    generateBundle(_options, bundle) {
      const page = bundle[PAGE];
      if (page?.type !== 'asset') this.error(`${PAGE} is missing from the console's build`);
      this.emitFile({ type: 'asset', fileName: 'index.html', source: page.source });
      delete bundle['office.html'];
    },
  };
}

const shared = spaBuildConfig({
  base: BASE,
  routesDirectory: 'src/office/routes',
  generatedRouteTree: 'src/office/routeTree.gen.ts',
  inventoryPage: BASE,
  justificationsFiles: ['script-justifications.json', 'office-script-justifications.json'],
  plugins: [officePage()],
  // Served by the same service beside the portal, from its own folder (server/src/plugins/office.ts).
  outDir: 'dist/office',
  devPort: 5174,
});

export default defineConfig({
  ...shared,
  build: { ...shared.build, rollupOptions: { input: fromWeb(PAGE) } },
});
