import { Activity, Fragment, type ReactNode, useLayoutEffect, useRef } from 'react';
import { type Location, NavigationType, useLocation, useOutlet } from 'react-router-dom';
import { RouteTitleContext } from '@/components/route-heading';
import { type RouteMeta, RouteMetaContext } from '@/hooks/use-route-meta';
import { RouteGuard } from './route-guard';
import { LocationContext } from './router-internals';

interface Kept {
  element: ReactNode;
  location: Location;
  meta: RouteMeta;
}

export interface KeepAliveOutletProps {
  /** The current route's row (decision 0028): keep-alive flag (docs/product.md §2), title, auth, variant. */
  meta: RouteMeta;
}

/** The screens the mounted outlet keeps, by pathname (one outlet in the app). */
let mountedKept: ReadonlyMap<string, Kept> | null = null;

/**
 * Whether a screen is kept alive for `pathname` (shown or hidden): the route loaders skip it,
 * since it keeps what it loaded (decisions 0002 and 0036).
 */
export function isKept(pathname: string): boolean {
  return mountedKept?.has(pathname) ?? false;
}

/** A screen with its own row (`useRouteMeta`), title and guard, as shown or kept. */
function RouteScreen({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  return (
    <RouteMetaContext.Provider value={meta}>
      <RouteTitleContext.Provider value={meta.title}>
        <RouteGuard>{children}</RouteGuard>
      </RouteTitleContext.Provider>
    </RouteMetaContext.Provider>
  );
}

/**
 * Renders the current screen, and every keep-alive screen visited so far inside React's
 * <Activity> (docs/style.md §8): hidden ones keep their state and DOM, their Effects are destroyed
 * (so polls stop) and re-created on show. One slot per pathname, no eviction (docs/product.md §2.5).
 *
 * A hidden screen still sees the location it was last shown with, not the new one: otherwise
 * its `useSearchParams` would read another screen's query while it re-renders in the background.
 */
export function KeepAliveOutlet({ meta }: KeepAliveOutletProps) {
  const keepAlive = Boolean(meta.keepAlive);
  const outlet = useOutlet();
  const location = useLocation();
  const kept = useRef(new Map<string, Kept>());

  if (keepAlive) kept.current.set(location.pathname, { element: outlet, location, meta });
  useLayoutEffect(() => {
    mountedKept = kept.current;
    return () => {
      mountedKept = null;
    };
  }, []);

  return (
    <>
      {[...kept.current].map(([pathname, entry]) => (
        <Activity key={pathname} mode={keepAlive && pathname === location.pathname ? 'visible' : 'hidden'}>
          <LocationContext.Provider value={{ location: entry.location, navigationType: NavigationType.Pop }}>
            <div className="screen" data-screen={pathname}>
              <RouteScreen meta={entry.meta}>{entry.element}</RouteScreen>
            </div>
          </LocationContext.Provider>
        </Activity>
      ))}
      {!keepAlive && (
        <Fragment key={location.pathname}>
          <div className="screen" data-screen={location.pathname}>
            <RouteScreen meta={meta}>{outlet}</RouteScreen>
          </div>
        </Fragment>
      )}
    </>
  );
}
