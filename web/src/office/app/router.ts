import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { OFFICE_BASE_PATH } from '@webpay/contracts/office';
import { routeTree } from '../routeTree.gen.ts';
import type { OfficeRouterContext } from './router-context.ts';

/** `history` is the browser's unless given (tests give a memory history). */
export function createOfficeRouter(context: OfficeRouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    basepath: OFFICE_BASE_PATH,
    context,
    defaultPreload: 'intent',
    // TanStack Query owns caching; the router should always ask it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

export type OfficeRouter = ReturnType<typeof createOfficeRouter>;

// The console is type-checked apart from the portal (tsconfig.office.json), so each registers its own.
declare module '@tanstack/react-router' {
  interface Register {
    router: OfficeRouter;
  }
}
