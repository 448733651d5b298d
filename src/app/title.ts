import { matchRoutes, type DataRouter, type RouteObject } from 'react-router-dom';
import { env } from '@/config/env';

export interface RouteHandle {
  title?: string;
  keepAlive?: boolean;
  tabBar?: 'one' | 'two';
}

/** `title - platform`, or the platform name alone (SPEC §1). */
export function pageTitle(title: string | undefined): string {
  return title ? `${title} - ${env.appTitle}` : env.appTitle;
}

function titleFor(routes: RouteObject[], pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  const handle = matches.at(-1)?.route.handle as RouteHandle | undefined;
  return handle?.title;
}

/**
 * Sets document.title as soon as a navigation starts, before its screen chunk has loaded
 * and before the new screen shows (SPEC §1: "set before each navigation").
 */
export function installTitles(router: DataRouter, routes: RouteObject[]): void {
  const apply = (pathname: string) => {
    document.title = pageTitle(titleFor(routes, pathname));
  };
  // The router has matched its first location already: no second match of the whole table.
  document.title = pageTitle((router.state.matches.at(-1)?.route.handle as RouteHandle | undefined)?.title);
  router.subscribe((state) => {
    apply(state.navigation.location?.pathname ?? state.location.pathname);
  });
}
