import { readIndexCode } from '@/lib/index-code';
import { useUserStore } from '@/stores/user';
import { routes } from './routes';

/**
 * docs/product.md §2: every tabbed route carries indexCode (default 'index', else the last one used).
 * Returns `search` with it added, or null when it has one already.
 */
export function searchWithIndexCode(search: string): string | null {
  const params = new URLSearchParams(search);
  if (params.get('indexCode')) return null;
  params.set('indexCode', readIndexCode(useUserStore.getState().indexCode));
  return `?${params}`;
}

/** The paths of the routes with a tab bar, in lower case (React Router matches them so). */
const tabbedPaths = new Set(routes.filter((route) => route.tabBar).map((route) => route.path.toLowerCase()));

/**
 * The URL the app starts on gets its indexCode before the router reads it (decision 0003): opening
 * /index then costs one render, not a render followed by the root layout's replace navigation
 * (which still adds it after in-app navigations). A look-up in the route table, not
 * `matchRoutes`, whose first call ranks the whole table: the tabbed paths have no parameters.
 */
export function addIndexCodeToStartUrl(): void {
  const { pathname, search, hash } = window.location;
  const path = pathname.replace(/(.)\/+$/, '$1').toLowerCase();
  const withCode = tabbedPaths.has(path) ? searchWithIndexCode(search) : null;
  if (!withCode) return;
  // The entry React Router's browser history writes when it finds none (`idx` 0), written in
  // the same call, so that the router does not replace the entry a second time at start.
  const state: unknown = window.history.state ?? { idx: 0 };
  window.history.replaceState(state, '', `${pathname}${withCode}${hash}`);
}
