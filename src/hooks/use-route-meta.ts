import { createContext, useContext } from 'react';

/** The agreement documents of agreements.json a path shows (docs/product.md §2). */
export type LegalDocumentKey =
  'agreement' | 'userNotice' | 'privacyPolicy' | 'user' | 'thirdPartyList' | 'znjkpc' | 'tjbgjd' | 'znjkzz';

/**
 * What a path stands for beyond its screen: the new theme (bar two's screens, /transferPage1),
 * the Mn partner channel, a branded login, a product line's no-rights copy, a write-off state,
 * or an agreement document. A row without one is its screen's plain flavour.
 */
export type RouteVariant =
  'new' | 'mn' | 'festive' | 'consent' | 'ebt' | 'ryb' | 'waiting' | 'success' | 'failed' | LegalDocumentKey;

/** What the route table (`app/routes.ts`) says about one route; decision 0028. */
export interface RouteMeta {
  path: string;
  title?: string;
  keepAlive?: boolean;
  tabBar?: 'one' | 'two';
  /** 'required': a guest sees the logged-out view (`guest`) instead of the screen. */
  auth: 'required' | 'optional';
  variant?: RouteVariant;
  /** The logged-out view of an `auth: 'required'` row: its line, and its h1 when not the title. */
  guest?: { text: string; heading?: string };
}

/**
 * The route the screen is shown for. The keep-alive outlet provides it per screen, so a kept
 * screen hidden behind another still has its own row.
 */
export const RouteMetaContext = createContext<RouteMeta>({ path: '', auth: 'optional' });

/** The route table's row of the screen being rendered (decision 0028). */
export function useRouteMeta(): RouteMeta {
  return useContext(RouteMetaContext);
}
