/*
 * Renders what the portal shows before its script runs into index.html at
 * build time (web/src/app/first-paint.tsx), with the portal's own
 * components, so the first paint needs no script.
 */
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';

/** The empty mount point index.html carries; the rendered markup goes inside it. */
export const ROOT_ELEMENT = '<div id="root"></div>';

/** `html` with `markup` inside its root element; throws when there is none. */
export function withFirstPaint(html: string, markup: string): string {
  if (!html.includes(ROOT_ELEMENT)) {
    throw new Error(`index.html has no empty ${ROOT_ELEMENT} to render the first paint into`);
  }
  return html.replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`);
}

export interface FirstPaintOptions {
  /** The page's folder (web/). */
  root: string;
  base: string;
  alias: Record<string, string>;
  define: Record<string, string>;
  /** The module, from `root`, whose `firstPaintMarkup()` gives the markup. */
  module: string;
}

/** Loads the module as the service would render it (Vite's SSR loader) and asks it for its markup. */
async function renderMarkup(options: FirstPaintOptions): Promise<string> {
  const server = await createServer({
    configFile: false,
    root: options.root,
    base: options.base,
    resolve: { alias: options.alias },
    define: options.define,
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
  });
  try {
    const loaded = (await server.ssrLoadModule(options.module)) as {
      firstPaintMarkup?: () => string;
    };
    if (typeof loaded.firstPaintMarkup !== 'function') {
      throw new Error(`${options.module} exports no firstPaintMarkup()`);
    }
    return loaded.firstPaintMarkup();
  } finally {
    await server.close();
  }
}

export function firstPaint(options: FirstPaintOptions): Plugin {
  return {
    name: 'webpay:first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler: async (html) => withFirstPaint(html, await renderMarkup(options)),
    },
  };
}
