/*
 * What the portal's and the billing office console's builds share: the same
 * plugins, checks and settings, each page with its own base path, routes and
 * output folder (vite.config.ts, vite.office.config.ts).
 */
import { fileURLToPath } from 'node:url';
import type { Plugin, UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { precompress } from './precompress.ts';
import { scriptInventory, type ForbiddenSources } from './script-inventory.ts';

/** A path under web/. */
export const fromWeb = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

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
export function sonnerWithoutInjectedStyles(): Plugin {
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
export function zodWithoutEval(): Plugin {
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

export interface SpaBuildOptions {
  /** Where the page is served, with its trailing slash, e.g. `/webpay/`. */
  base: string;
  /** The page's TanStack file routes and the route tree generated from them, under web/. */
  routesDirectory: string;
  generatedRouteTree: string;
  /** The page the script inventory is for, e.g. `/webpay/dashboard`. */
  inventoryPage: string;
  /** Justification files under web/, the portal's first. */
  justificationsFiles: readonly string[];
  /** Sources this page must never bundle. */
  forbidden?: ForbiddenSources;
  /** The build's output folder under web/. */
  outDir: string;
  /** Plugins of this page only. */
  plugins?: Plugin[];
  devPort: number;
}

/** One page's Vite configuration, built from the plugins and checks every page gets. */
export function spaBuildConfig(options: SpaBuildOptions): UserConfig {
  return {
    base: options.base,
    resolve: { alias: { '@': fromWeb('src') } },
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
        routesDirectory: fromWeb(options.routesDirectory),
        generatedRouteTree: fromWeb(options.generatedRouteTree),
        quoteStyle: 'single',
      }),
      react(),
      tailwindcss(),
      sonnerWithoutInjectedStyles(),
      zodWithoutEval(),
      ...(options.plugins ?? []),
      // PCI DSS 6.4.3: the inventory of every script the page can load, and SRI on index.html's tags.
      scriptInventory({
        justificationsFile: options.justificationsFiles.map(fromWeb),
        page: options.inventoryPage,
        repoRoot: fromWeb('..'),
        forbidden: options.forbidden,
      }),
      // Brotli and gzip copies beside each asset, which the server sends to browsers that accept them.
      precompress(),
    ],
    server: {
      port: options.devPort,
      strictPort: true,
      proxy: {
        '/api': { target: process.env.WEBPAY_API_ORIGIN ?? 'http://localhost:8080' },
      },
    },
    build: { outDir: fromWeb(options.outDir), emptyOutDir: true },
  };
}
