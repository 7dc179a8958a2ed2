import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PORTAL_BASE_PATH } from '@webpay/contracts/api';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The portal's file-based route tree (TanStack Router). */
export const ROUTES_DIR = path.join(repoRoot, 'web', 'src', 'routes');
/** The route tree the router plugin generates from ROUTES_DIR. */
export const GENERATED_ROUTE_TREE = path.join(repoRoot, 'web', 'src', 'routeTree.gen.ts');

/** A value for a `$param` segment, so a route with parameters still gets a path to visit. */
const SAMPLE_PARAM = 'sample';

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /\.(tsx|ts|jsx|js)$/.test(file))
    .filter((file) => !/\.(test|spec)\.[jt]sx?$/.test(file));
}

/**
 * The URL path (below the portal's base) a route file answers, following
 * TanStack Router's file naming: `__root` is no route, `_name` segments are
 * pathless layouts, `index` is its folder's own path, `.lazy` is the lazy
 * half of a route, `.` separates flat segments, `$param` takes a value, and
 * files or folders starting with `-` are not routes. Undefined when the file
 * is no route.
 */
export function routePathOf(file: string): string | undefined {
  const withoutExtension = file.replace(/\.(tsx|ts|jsx|js)$/, '').replace(/\.lazy$/, '');
  const segments = withoutExtension.split('/').flatMap((part) => part.split('.'));
  if (segments.some((segment) => segment.startsWith('-'))) return undefined;
  if (segments.length === 1 && segments[0] === '__root') return undefined;
  const pathSegments = segments
    .filter((segment) => !segment.startsWith('_') && segment !== 'index' && segment !== 'route')
    .map((segment) => (segment.startsWith('$') ? SAMPLE_PARAM : segment));
  return `/${pathSegments.join('/')}`;
}

/** Every path of the portal's route tree, e.g. `/login/pin`, one each, sorted. */
export function portalRoutes(routesDir = ROUTES_DIR): string[] {
  const paths = routeFiles(routesDir)
    .map(routePathOf)
    .filter((route): route is string => route !== undefined);
  return [...new Set(paths)].sort();
}

/**
 * The full paths the generated route tree declares (its FileRoutesByFullPath),
 * without trailing slashes and with sample parameters: what the router
 * itself serves, to check portalRoutes() against.
 */
export function generatedRoutePaths(file = GENERATED_ROUTE_TREE): string[] {
  const source = readFileSync(file, 'utf8');
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(source)?.[1] ?? '';
  const paths = [...block.matchAll(/^\s*'([^']+)':/gm)].map((match) => {
    const full = match[1] ?? '';
    const path = full.length > 1 ? full.replace(/\/$/, '') : full;
    // A `$param` segment gets the same sample value portalRoutes() gives it.
    return path.replace(/\/\$[^/]+/g, `/${SAMPLE_PARAM}`);
  });
  return [...new Set(paths)].sort();
}

/**
 * Every page of the portal to check: each route of the tree under
 * /webpay, the portal's own root, and paths no route matches (the portal
 * answers them with its not-found screen, from the same page).
 */
export function portalPages(routesDir = ROUTES_DIR): string[] {
  const routes = portalRoutes(routesDir).map((route) =>
    route === '/' ? `${PORTAL_BASE_PATH}/` : `${PORTAL_BASE_PATH}${route}`,
  );
  return [
    PORTAL_BASE_PATH,
    ...routes,
    `${PORTAL_BASE_PATH}/index.html`,
    `${PORTAL_BASE_PATH}/no-such-page`,
    `${PORTAL_BASE_PATH}/dashboard/no-such-page`,
  ].filter((page, index, all) => all.indexOf(page) === index);
}
