import { createPath, type DataRouter, type LoaderFunction, redirect, type RouteObject } from 'react-router-dom';
import { earlyPending } from '@/api/early-json';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';
import { isKept } from './keep-alive-outlet';
import { lazyScreen, navigationTargetChanged } from './lazy-screen';
import { RootLayout } from './root-layout';
import type { LoaderName } from './route-data';
import { RouteError } from './route-error';
import { createBrowserHistory, createRouter, hydrationRouteProperties, mapRouteProperties } from './router-internals';
import { notFoundRoute, type RouteDef, routes } from './routes';
import { installScrollMemory } from './scroll';
import { installTitles, type RouteHandle } from './title';

/**
 * A row's `load` as the route's loader (decision 0036): react-router calls it as a navigation
 * starts, beside the chunk's import, and for the landing route at boot. It only starts the
 * calls (app/route-data.ts) and never holds the navigation. Not for a guest on a login-only row
 * (who sees the login view), not while index.html's early fetch brings the landing home's
 * files (decision 0031): the first screen loads nothing more; not offline, and not for a kept
 * screen shown again, which keeps what it loaded (decision 0002).
 */
function routeLoader(load: LoaderName, auth: RouteDef['auth']): LoaderFunction {
  return ({ request }) => {
    const url = new URL(request.url);
    if (earlyPending() || !navigator.onLine || isKept(url.pathname)) return null;
    if (auth === 'required' && !selectIsLoggedIn(useUserStore.getState())) return null;
    // A failed import is left to the screen, whose own fetch then runs as before.
    import('./route-data').then((m) => m.runLoader(load, url)).catch(() => undefined);
    return null;
  };
}

function toRouteObject({ screen, load, ...meta }: RouteDef): RouteObject {
  const handle: RouteHandle = meta;
  const route: RouteObject = { path: meta.path, lazy: lazyScreen(screen), handle };
  if (!load) return route;
  // Only as the route is entered: a new query on the same screen is the screen's own business.
  return { ...route, loader: routeLoader(load, meta.auth), shouldRevalidate: () => false };
}

function NothingYet() {
  return null;
}

/** Route objects for a table: under the root layout, `/` → `/index`, then the not-found row. */
export function buildRouteObjects(table: RouteDef[], notFound: RouteDef): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      // main.tsx renders once the router is ready; before that (a test that renders at once)
      // there is nothing to show, said out loud so react-router does not warn.
      HydrateFallback: NothingYet,
      children: [
        // docs/product.md §2: '/' redirects to /index (its query, e.g. indexCode, travels along); its
        // loader always redirects, so it renders nothing (`null`, not a missing element).
        { path: '/', element: null, loader: ({ request }) => redirect(`/index${new URL(request.url).search}`) },
        ...table.map(toRouteObject),
        toRouteObject(notFound),
      ],
    },
  ];
}

/** The app's route objects, from the table of routes.ts. */
export const routeObjects = buildRouteObjects(routes, notFoundRoute);

/**
 * Builds the browser router and its per-navigation hooks (title, scroll memory). It starts
 * reading the URL when `initialize()` is called; main.tsx has given the start URL its
 * indexCode (`addIndexCodeToStartUrl`) in the task before.
 *
 * First screen (decision 0003): this is `createBrowserRouter` (react-router 7.18, pinned) in two steps, so that
 * building the router (ranking the whole route table) and its first navigation (matching,
 * loading the screen's chunk) are two tasks on a slow phone's main thread, not one. A router
 * upgrade must keep these options in step with `createBrowserRouter`'s; router.test.tsx
 * starts the app's router this way.
 */
export function createAppRouter(): DataRouter {
  const router = createRouter({
    history: createBrowserHistory(),
    routes: routeObjects,
    mapRouteProperties,
    hydrationRouteProperties,
  });
  installTitles(router, routeObjects);
  installScrollMemory(router);
  router.subscribe((state) =>
    navigationTargetChanged(state.navigation.location ? createPath(state.navigation.location) : undefined),
  );
  return router;
}

/** Resolves once the router has loaded its first location (lazy screen, redirects). */
export function routerReady(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
