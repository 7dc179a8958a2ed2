import { createRouter } from '@tanstack/react-router';
import { PORTAL_BASE_PATH } from '@webpay/contracts/api';
import { NotFoundRedirect } from '@/components/not-found-redirect.tsx';
import { routeTree } from '@/routeTree.gen.ts';
import type { RouterContext } from './router-context.ts';

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    basepath: PORTAL_BASE_PATH,
    context,
    defaultPreload: 'intent',
    // TanStack Query owns caching; the router should always ask it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundRedirect,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
