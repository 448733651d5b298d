import { type DataRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { env } from '@/config/env';
import type { RouteMeta } from '@/hooks/use-route-meta';

/** A route object's `handle`: its row of the route table without the screen. */
export type RouteHandle = RouteMeta;

/** `title - platform`, or the platform name alone (docs/product.md §1). */
export function pageTitle(title: string | undefined): string {
  return title ? `${title} - ${env.appTitle}` : env.appTitle;
}

function handleTitle(matches: readonly { route: { handle?: unknown } }[]): string | undefined {
  return (matches[matches.length - 1]?.route.handle as RouteHandle | undefined)?.title;
}

/**
 * Sets document.title as soon as a navigation starts, before its screen chunk has loaded
 * and before the new screen shows (docs/product.md §1: "set before each navigation").
 *
 * First screen (decision 0003): only a navigation that has started needs a match of its own (`matchRoutes`, which
 * ranks the whole table on each call); every other state change has the router's matches.
 */
export function installTitles(router: DataRouter, routes: RouteObject[]): void {
  document.title = pageTitle(handleTitle(router.state.matches));
  router.subscribe((state) => {
    const pending = state.navigation.location;
    document.title = pageTitle(handleTitle(pending ? (matchRoutes(routes, pending.pathname) ?? []) : state.matches));
  });
}
