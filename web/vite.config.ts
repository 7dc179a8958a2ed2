import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { precompress } from './build-tools/precompress.ts';
import { scriptInventory } from './build-tools/script-inventory.ts';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * SPEC §9's build release marker. The release is a property of the build, so
 * the pipeline names it (WEBPAY_RELEASE) and the bundle carries it.
 */
export const releaseDefine = {
  'import.meta.env.WEBPAY_RELEASE': JSON.stringify(process.env.WEBPAY_RELEASE || 'prod-23'),
};

/**
 * sonner injects its stylesheet as a <style> element at import time. The same
 * stylesheet is bundled from src/styles/index.css, so the injection is dropped
 * from the production build: a page that injects no styles of its own keeps
 * working should the CSP's style-src drop 'unsafe-inline' (decision 0005).
 */
function sonnerWithoutInjectedStyles(): Plugin {
  return {
    name: 'webpay:sonner-without-injected-styles',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      const patched = code.replace(/\n__insertCSS\(/, '\nvoid (');
      return patched === code ? null : { code: patched, map: null };
    },
  };
}

/**
 * Zod builds fast object parsers with `new Function` unless told not to, and
 * finds out whether it may by trying once, when the first object schema is
 * made. The portal's CSP refuses eval, so every page load would report a
 * violation (docs/decisions/0012). The schemas are made as their modules load,
 * before any code of ours could call z.config(), so the build starts zod's
 * global configuration as jitless instead.
 */
function zodWithoutEval(): Plugin {
  const initial = '(_a.__zod_globalConfig = {})';
  return {
    name: 'webpay:zod-without-eval',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      if (!code.includes(initial)) {
        this.error(`zod no longer sets up its configuration as ${initial}; update zodWithoutEval`);
      }
      return {
        code: code.replace(initial, '(_a.__zod_globalConfig = { jitless: true })'),
        map: null,
      };
    },
  };
}

export default defineConfig({
  // PORTAL_BASE_PATH of @webpay/contracts/api; the config loader cannot import .ts workspaces.
  base: '/webpay/',
  resolve: { alias: { '@': fromHere('./src') } },
  define: releaseDefine,
  plugins: [
    // The router plugin must run before the React plugin so route files are split first.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders too: theirs are the only imports of the API schemas (and so
      // of zod) left in the route tree, which every page, the sign-in page
      // included, loads first.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: fromHere('./src/routes'),
      generatedRouteTree: fromHere('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    sonnerWithoutInjectedStyles(),
    zodWithoutEval(),
    // PCI DSS 6.4.3: the inventory of every script the payment page can load, and SRI on index.html's tags.
    scriptInventory({
      justificationsFile: fromHere('./script-justifications.json'),
      page: '/webpay/dashboard',
    }),
    // Brotli and gzip copies beside each asset, which the server sends to browsers that accept them.
    precompress(),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: process.env.WEBPAY_API_ORIGIN ?? 'http://localhost:8080' },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
  },
});
