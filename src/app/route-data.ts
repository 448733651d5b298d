import { loadHomeConfig } from '@/features/home/home-load';
import { loadNotices } from '@/features/messages/message-data';
import { loadRights } from '@/features/rights/rights-data';

/**
 * The routes' loaders, by the name a row of routes.ts gives as its `load` (decision 0036). One
 * module for all, loaded at the first navigation to a row with one: the entry names it once.
 */
export const loaders = {
  home: (url: URL) => loadHomeConfig(url, false),
  homeNew: (url: URL) => loadHomeConfig(url, true),
  rights: loadRights,
  notices: loadNotices,
} satisfies Record<string, (url: URL) => void>;

export type LoaderName = keyof typeof loaders;

/** Whether a screen kept alive for `pathname` is in the page (shown or hidden, keep-alive-outlet.tsx). */
function isKept(pathname: string): boolean {
  return [...document.querySelectorAll<HTMLElement>('.screen[data-screen]')].some((s) => s.dataset.screen === pathname);
}

/**
 * Runs the loader `name` for `url`: not offline, and not for a kept screen shown again, which
 * keeps what it loaded (decision 0002).
 */
export function runLoader(name: LoaderName, url: URL): void {
  if (!navigator.onLine || isKept(url.pathname)) return;
  loaders[name](url);
}
