import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * SPEC §9's build release marker. The release is a property of the build, so
 * the pipeline names it (WEBPAY_RELEASE) and the bundle carries it.
 */
export const releaseDefine = {
  'import.meta.env.WEBPAY_RELEASE': JSON.stringify(process.env.WEBPAY_RELEASE || 'prod-23'),
};

/**
 * sonner injects its stylesheet as a <style> element at import time, which the
 * portal's CSP (style-src 'self') refuses. The same stylesheet is bundled from
 * src/styles/index.css, so the injection is dropped from the production build.
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
      routesDirectory: fromHere('./src/routes'),
      generatedRouteTree: fromHere('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    sonnerWithoutInjectedStyles(),
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
