import { Activity, Fragment, useRef, type ReactNode } from 'react';
import { NavigationType, useLocation, useOutlet, type Location } from 'react-router-dom';
import { LocationContext } from './router-internals';
import { RouteTitleContext } from '@/components/route-heading';

interface Kept {
  element: ReactNode;
  location: Location;
  title: string | undefined;
}

export interface KeepAliveOutletProps {
  /** Whether the current route is flagged keep-alive (SPEC §2). */
  keepAlive: boolean;
  /** The current route's title (DESIGN §7), for the screen's `<RouteHeading />`. */
  title: string | undefined;
}

/**
 * Renders the current screen, and every keep-alive screen visited so far inside React's
 * <Activity> (STYLE §8): hidden ones keep their state and DOM, their Effects are destroyed
 * (so polls stop) and re-created on show. One slot per pathname, no eviction (DESIGN §7).
 *
 * A hidden screen still sees the location it was last shown with, not the new one: otherwise
 * its `useSearchParams` would read another screen's query while it re-renders in the background.
 */
export function KeepAliveOutlet({ keepAlive, title }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const location = useLocation();
  const kept = useRef(new Map<string, Kept>());

  if (keepAlive) kept.current.set(location.pathname, { element: outlet, location, title });

  return (
    <>
      {[...kept.current].map(([pathname, entry]) => (
        <Activity key={pathname} mode={keepAlive && pathname === location.pathname ? 'visible' : 'hidden'}>
          <LocationContext.Provider value={{ location: entry.location, navigationType: NavigationType.Pop }}>
            <RouteTitleContext.Provider value={entry.title}>
              <div className="screen" data-screen={pathname}>
                {entry.element}
              </div>
            </RouteTitleContext.Provider>
          </LocationContext.Provider>
        </Activity>
      ))}
      {!keepAlive && (
        <Fragment key={location.pathname}>
          <RouteTitleContext.Provider value={title}>
            <div className="screen" data-screen={location.pathname}>
              {outlet}
            </div>
          </RouteTitleContext.Provider>
        </Fragment>
      )}
    </>
  );
}
