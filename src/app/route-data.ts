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

/** Runs the loader `name` for `url` (router.tsx decides whether it should run). */
export function runLoader(name: LoaderName, url: URL): void {
  loaders[name](url);
}
